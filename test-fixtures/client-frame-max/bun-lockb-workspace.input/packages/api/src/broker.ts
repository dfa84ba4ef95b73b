import { AMQPClient } from '@cloudamqp/amqp-client';

export async function connect(url: string) {
  const client = new AMQPClient(url);
  return client.connect();
}
