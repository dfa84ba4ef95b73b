// A subscriber that opens a channel for every message it answers.
import { AMQPClient } from '@cloudamqp/amqp-client';

export async function serve() {
  const conn = await new AMQPClient(process.env.AMQP_URL!).connect();
  const ch = await conn.channel();
  await ch.prefetch(10);
  const q = await ch.queue('requests');
  await q.subscribe({ noAck: false }, async (msg) => {
    // rabbitmq4-codemod(connection-churn): this opens a channel once per message (in the consume
    // handler at cloudamqp-consume-handler.input.ts:9): open it once at start-up and reuse it for
    // every message
    const reply = await conn.channel();
    await reply.confirmSelect();
    await reply.basicPublish('', msg.properties.replyTo ?? 'replies', msg.bodyString());
    await reply.close();
    await msg.ack();
  });
}
