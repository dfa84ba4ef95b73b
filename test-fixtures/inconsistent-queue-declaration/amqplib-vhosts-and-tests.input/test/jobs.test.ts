import amqp from 'amqplib';

// A test runs against a broker of its own: its declarations are not the services'.
export async function fixture() {
  const ch = await (await amqp.connect('amqp://localhost')).createChannel();
  await ch.assertQueue('jobs', { durable: false, exclusive: true });
}
