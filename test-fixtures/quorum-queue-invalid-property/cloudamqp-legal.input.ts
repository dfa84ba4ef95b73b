import { AMQPClient, AMQPSession } from '@cloudamqp/amqp-client';

export async function setup(url: string): Promise<void> {
  const ch = await (await new AMQPClient(url).connect()).channel();
  await ch.queueDeclare('payments', {}, { 'x-queue-type': 'quorum', 'x-delivery-limit': 5 });
  const session = await AMQPSession.connect(url);
  await session.queue('orders', { arguments: { 'x-queue-type': 'quorum', 'x-dead-letter-exchange': 'dlx' } });
}
