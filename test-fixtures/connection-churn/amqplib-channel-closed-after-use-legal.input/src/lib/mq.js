import amqplib from 'amqplib';

const AMQP_URL = process.env.AMQP_URL || 'amqp://localhost';

let conn;

// The module's connection, opened on the first call and kept; a channel per call, closed after the work.
export const publisher = async (dosth) => {
  if (!conn) {
    conn = await amqplib.connect(AMQP_URL);
  }
  const ch = await conn.createChannel();
  await dosth(ch);
  await ch.close();
};

export default { publisher };
