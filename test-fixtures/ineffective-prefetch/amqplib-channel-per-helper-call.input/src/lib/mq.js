// Opens a new channel on every call (on one cached connection) and hands it to the caller's callback.
import amqplib from 'amqplib';

let conn;

export const consumer = async (dosth) => {
  if (!conn) {
    conn = await amqplib.connect(process.env.AMQP_URL);
  }
  const ch = await conn.createChannel();
  await dosth(ch);
};
