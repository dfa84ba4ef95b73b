import amqp from 'amqplib';

// One channel for the whole process, opened at start-up.
const channel = amqp.connect('amqp://localhost').then((conn) => conn.createChannel());

export function getChannel(): Promise<amqp.Channel> {
  return channel;
}

// A new channel on every call.
export async function openChannel(): Promise<amqp.Channel> {
  // rabbitmq4-codemod(connection-churn): this opens a connection once per request (in openChannel()
  // (called at src/routes.ts:15), in the HTTP route handler at src/routes.ts:14): open it once at
  // start-up and reuse it for every request
  const conn = await amqp.connect('amqp://localhost');
  // rabbitmq4-codemod(connection-churn): this opens a channel once per request (in openChannel()
  // (called at src/routes.ts:15), in the HTTP route handler at src/routes.ts:14): open it once at
  // start-up and reuse it for every request
  return conn.createChannel();
}
