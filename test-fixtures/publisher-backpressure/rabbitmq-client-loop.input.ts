import { Connection } from 'rabbitmq-client';

export async function exportRows(rabbit: Connection, rows: { id: number }[]) {
  const pub = rabbit.createPublisher({ confirm: true });
  for (const row of rows) {
    // The promise is dropped: every row waits in the publisher, and a failure is an unhandled rejection.
    pub.send('exports', row);
  }
}
