import { Connection } from 'rabbitmq-client';

export async function exportRows(rabbit: Connection, rows: { id: number }[]) {
  const pub = rabbit.createPublisher({ confirm: true });
  for (const row of rows) {
    // The promise is dropped: every row waits in the publisher, and a failure is an unhandled rejection.
    // rabbitmq4-codemod(publisher-backpressure): await each publish, or collect the promises and
    // await them in batches (e.g. `await Promise.all(batch)` every 1000 messages), so that the loop
    // waits for the library
    pub.send('exports', row);
  }
}
