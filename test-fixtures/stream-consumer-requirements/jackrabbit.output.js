const jackrabbit = require('@pager/jackrabbit');

const rabbit = jackrabbit(process.env.RABBIT_URL);
const exchange = rabbit.default();

const ticks = exchange.queue({ name: 'ticks', arguments: { 'x-queue-type': 'stream' } });
// rabbitmq4-codemod(stream-consumer-requirements): consume the stream with noAck: false and ack
// each message (acks are the credit that advances the consumer)
ticks.consume((data) => console.log(data), { noAck: true });
