import amqp from 'amqplib';
import { Pool } from 'pg';

// An outbox relay: each run publishes one page of the outbox (LIMIT 100) and is scheduled again by a timer.
export async function relayOnce(url: string, db: Pool) {
  const ch = await (await amqp.connect(url)).createConfirmChannel();
  const { rows } = await db.query('SELECT id, payload FROM outbox WHERE sent_at IS NULL ORDER BY id LIMIT 100');
  for (const row of rows) {
    ch.publish('events', 'outbox', Buffer.from(row.payload));
  }
  await ch.waitForConfirms();
}
