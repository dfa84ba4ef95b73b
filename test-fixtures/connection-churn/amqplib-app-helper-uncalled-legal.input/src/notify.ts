// An application's exported helper that nothing in the project calls, imports or names: dead code or a script's, not
// reported (in a library package, its users would call it per message; imported or named by a DI container's
// configuration, an info).
import * as amqp from 'amqplib';

export async function notifyOnce(body: string) {
  const conn = await amqp.connect(process.env.AMQP_URL ?? 'amqp://localhost');
  const ch = await conn.createConfirmChannel();
  ch.sendToQueue('notifications', Buffer.from(body), { persistent: true });
  await ch.waitForConfirms();
  await conn.close();
}
