import amqp from 'amqplib';

/** Opens, publishes one message, closes: fine once, churn when a handler calls it for every message. */
export async function publishResult(body: Buffer) {
  const conn = await amqp.connect(process.env.AMQP_URL!);
  const ch = await conn.createChannel();
  ch.sendToQueue('results', body);
  await ch.close();
  await conn.close();
}
