// The package's own example worker: two subscriptions with their own options.
import amqp from 'amqplib';
import { Subscriber } from '../src/subscriber';

async function main() {
  const connection = await amqp.connect(process.env.AMQP_URL ?? 'amqp://localhost');
  const subscriber = new Subscriber(await connection.createChannel());
  await subscriber.subscribe('orders', async (msg) => console.log(msg.content.toString()), { expectAck: true, prefetch: 20 });
  await subscriber.subscribe('audit', async (msg) => console.log(msg.content.toString()), { expectAck: true });
}

main();
