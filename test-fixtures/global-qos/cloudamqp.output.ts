import { AMQPClient } from '@cloudamqp/amqp-client';

export async function startWorker(url: string): Promise<void> {
  const conn = await new AMQPClient(url).connect();
  const ch = await conn.channel();
  await ch.basicQos(10, 0);
  await ch.basicConsume('exports', { noAck: false }, async (msg) => {
    await msg.ack();
  });
}
