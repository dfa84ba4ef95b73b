import { AMQPClient, AMQPSession } from '@cloudamqp/amqp-client';

export async function replay(url: string): Promise<void> {
  const conn = await new AMQPClient(url).connect();
  const ch = await conn.channel();
  await ch.queueDeclare('events', {}, { 'x-queue-type': 'stream' });
  await ch.prefetch(100);
  await ch.basicConsume('events', { args: { 'x-stream-offset': 'first' } }, (msg) => {
    console.log(msg.bodyString());
  });

  const session = await AMQPSession.connect(url);
  const audit = await session.queue('audit', { arguments: { 'x-queue-type': 'stream' } });
  await audit.subscribe({ args: { 'x-stream-offset': 'last' } }, async (msg) => {
    console.log(msg.bodyString());
  });
}
