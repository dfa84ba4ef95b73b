import amqp from 'amqplib';

const connected = amqp.connect(process.env.AMQP_URL ?? 'amqp://localhost');

// A new channel on every call: each caller gets its own.
export const createChannel = async () => {
  const conn = await connected;
  // rabbitmq4-codemod(connection-churn): this opens a channel once per request (in createChannel()
  // (called at src/routes.ts:22), in the HTTP route handler at src/routes.ts:21): open it once at
  // start-up and reuse it for every request
  return conn.createChannel();
};
