// rabbitmq-client's createConsumer acks for the handler when it returns (lib/Consumer.js): nothing to settle by hand.
// Its raw basicConsume does need basicAck, which this one calls.
import { Connection } from 'rabbitmq-client';

const rabbit = new Connection(process.env.RABBIT_URL);

export function start() {
  rabbit.createConsumer({ queue: 'audit', queueOptions: { durable: true }, qos: { prefetchCount: 10 } }, async (msg) => {
    console.log('audit', msg.body);
  });
}

export async function startRaw() {
  const ch = await rabbit.acquire();
  await ch.basicQos({ prefetchCount: 10 });
  await ch.basicConsume({ queue: 'audit' }, (msg) => {
    console.log('audit', msg.body);
    ch.basicAck({ deliveryTag: msg.deliveryTag });
  });
}
