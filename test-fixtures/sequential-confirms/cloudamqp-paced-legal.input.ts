// @cloudamqp/amqp-client: a rate-limited import, one row every 200 ms.
import { AMQPSession } from '@cloudamqp/amqp-client';

export async function importRows(url: string, rows: string[]): Promise<void> {
  const session = await AMQPSession.connect(url);
  const imports = await session.queue('imports');
  for (const row of rows) {
    await imports.publish(row);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
