import { AMQPClient } from '@cloudamqp/amqp-client';

export async function connect() {
  const client = new AMQPClient(process.env.AMQP_URL || 'amqp://localhost');
  await client.connect();
  const channel = await client.channel();

  // Never empty: the environment's name or the literal: a named queue, exclusive defaults to false.
  const streamName = process.env.STREAM_NAME || 'bluesky-stream';
  await channel.queueDeclare(streamName, { durable: true }, { 'x-queue-type': 'stream' });

  // The environment's name alone may be empty: the server names the queue and @cloudamqp makes it exclusive.
  await channel.queueDeclare(process.env.ARCHIVE_STREAM, { durable: true }, { 'x-queue-type': 'stream' });
  return channel;
}
