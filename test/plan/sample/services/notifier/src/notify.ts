import amqp from 'amqplib';

// The notifier: a per-connection reply queue, and a queue whose durability comes from the environment.
export async function notifier(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('notifier.replies', { exclusive: true });
  await ch.assertQueue('notifications', { durable: process.env.NOTIFICATIONS_DURABLE !== 'false', deadLetterExchange: 'notifications.dlx' });
  return ch;
}
