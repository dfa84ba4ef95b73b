// An application's exported helper that nothing in the project calls: how often it runs is not known, so it is not
// reported (in a library package, its users would call it per message).
import * as amqp from 'amqplib';

export async function notifyOnce(body: string) {
  const conn = await amqp.connect(process.env.AMQP_URL ?? 'amqp://localhost');
  const ch = await conn.createConfirmChannel();
  ch.sendToQueue('notifications', Buffer.from(body), { persistent: true });
  await ch.waitForConfirms();
  await conn.close();
}
