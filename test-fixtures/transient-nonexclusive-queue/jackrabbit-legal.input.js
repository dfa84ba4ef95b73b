const jackrabbit = require('jackrabbit');

const rabbit = jackrabbit(process.env.RABBIT_URL);
const logs = rabbit.fanout('logs');

// jackrabbit's default is durable: true.
logs.queue({ name: 'log.archive' }).consume(archive);
// A per-connection, server-named queue: transient but exclusive.
logs.queue({ exclusive: true, durable: false }).consume(print, { noAck: false });

function archive(data, ack) { ack(); }
function print(data, ack) { console.log(data); ack(); }
