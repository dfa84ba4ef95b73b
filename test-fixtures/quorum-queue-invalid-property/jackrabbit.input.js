const jackrabbit = require('@pager/jackrabbit');

const rabbit = jackrabbit(process.env.RABBIT_URL);
const events = rabbit.topic('events');

events.queue({ name: 'user.created', key: 'user.created', exclusive: true, arguments: { 'x-queue-type': 'quorum' } }).consume(onUser);

function onUser(data, ack) { ack(); }
