import amqp from 'amqp-connection-manager';

// amqp-connection-manager queues every message in the process until the broker confirms it.
export async function exportRows(rows: string[]) {
  const connection = amqp.connect(['amqp://localhost']);
  const wrapper = connection.createChannel({ json: true });
  for (const row of rows) {
    // rabbitmq4-codemod(publisher-backpressure): await each publish, or collect the promises and
    // await them in batches (e.g. `await Promise.all(batch)` every 1000 messages), so that the loop
    // waits for the library
    wrapper.sendToQueue('exports', { row }).catch((err: Error) => console.error(err));
  }
}
