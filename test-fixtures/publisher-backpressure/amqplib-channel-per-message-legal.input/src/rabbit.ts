import amqp from 'amqplib';

const connected = amqp.connect(process.env.AMQP_URL ?? 'amqp://localhost');

// A new channel on every call: each caller gets its own.
export const createChannel = async () => {
  const conn = await connected;
  return conn.createChannel();
};
