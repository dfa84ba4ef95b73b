import { AMQPClient } from '@cloudamqp/amqp-client';

export async function startMetrics(url: string): Promise<void> {
  const conn = await new AMQPClient(url).connect();
  const ch = await conn.channel();
  await ch.prefetch(50);
  await ch.basicConsume('metrics', { noAck: false }, async (msg) => {
    console.log(msg.bodyString());
    await msg.ack();
  });
}
