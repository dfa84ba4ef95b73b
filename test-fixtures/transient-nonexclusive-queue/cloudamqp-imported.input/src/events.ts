import { openChannel } from './amqp';

export async function declareEvents() {
  const ch = await openChannel();
  await ch.queueDeclare('events', { durable: false });
  await ch.queueDeclare('kept', { durable: true });
}
