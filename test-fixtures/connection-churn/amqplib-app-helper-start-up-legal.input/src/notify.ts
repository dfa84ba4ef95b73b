// The same exported helper, called once by the service's start-up: one connection for the process's announcement.
import * as amqp from 'amqplib';

export async function notifyOnce(body: string) {
  const conn = await amqp.connect(process.env.AMQP_URL ?? 'amqp://localhost');
  const ch = await conn.createConfirmChannel();
  ch.sendToQueue('notifications', Buffer.from(body), { persistent: true });
  await ch.waitForConfirms();
  await conn.close();
}
