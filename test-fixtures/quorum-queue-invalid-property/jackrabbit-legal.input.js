const jackrabbit = require('@pager/jackrabbit');

const rabbit = jackrabbit(process.env.RABBIT_URL);
const events = rabbit.topic('events');

events.queue({ name: 'user.created', key: 'user.created', arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 10 } }).consume(onUser);

function onUser(data, ack) { ack(); }
