// A consumer whose handler opens a channel for every message it forwards.
import amqp from 'amqplib';

export async function start(conn: amqp.ChannelModel) {
  const ch = await conn.createChannel();
  await ch.prefetch(10);
  await ch.consume('orders', async (msg) => {
    if (!msg) return;
    // rabbitmq4-codemod(connection-churn): this opens a channel once per message (in the consume
    // handler at amqplib-consume-handler.input.ts:7): open it once at start-up and reuse it for
    // every message
    const out = await conn.createChannel();
    out.sendToQueue('invoices', msg.content);
    await out.close();
    ch.ack(msg);
  });
}
