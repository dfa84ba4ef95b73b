import { Connection } from 'rabbitmq-client';

export async function exportRows(rabbit: Connection, rows: { id: number }[]) {
  const pub = rabbit.createPublisher({ confirm: true });
  let batch: Promise<void>[] = [];
  for (const row of rows) {
    batch.push(pub.send('exports', row));
    if (batch.length === 1000) {
      await Promise.all(batch);
      batch = [];
    }
  }
  await Promise.all(batch);
}
