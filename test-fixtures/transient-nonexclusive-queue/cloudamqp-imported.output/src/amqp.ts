import { AMQPClient } from '@cloudamqp/amqp-client';

const client = new AMQPClient(process.env.AMQP_URL ?? 'amqp://localhost');

export async function openChannel() {
  const connection = await client.connect();
  return connection.channel();
}
