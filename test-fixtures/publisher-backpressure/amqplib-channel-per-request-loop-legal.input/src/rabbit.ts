import amqp from 'amqplib';

// One channel for the whole process, opened at start-up.
const channel = amqp.connect('amqp://localhost').then((conn) => conn.createChannel());

export function getChannel(): Promise<amqp.Channel> {
  return channel;
}

// A new channel on every call.
export async function openChannel(): Promise<amqp.Channel> {
  const conn = await amqp.connect('amqp://localhost');
  return conn.createChannel();
}
