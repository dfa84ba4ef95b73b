// Keys amqplib reads, and keys of the application's own that are not near any of them: nothing to report.
import amqp from 'amqplib';

const settings = { prefetch: 20, consumerGroup: 'billing' };

export async function start(url: string) {
  const conn = await amqp.connect(url);
  const ch = await conn.createChannel();
  await ch.assertQueue('orders', { durable: true, arguments: { 'x-queue-type': 'quorum' }, messageTtl: 60000, consumerGroupId: 'billing' });
  await ch.prefetch(settings.prefetch);
  await ch.consume('orders', (msg) => msg && ch.ack(msg), { noAck: false, consumerTag: settings.consumerGroup });
}
