import amqp from 'amqp-connection-manager';

// amqp-connection-manager queues every message in the process until the broker confirms it.
export async function exportRows(rows: string[]) {
  const connection = amqp.connect(['amqp://localhost']);
  const wrapper = connection.createChannel({ json: true });
  for (const row of rows) {
    wrapper.sendToQueue('exports', { row }).catch((err: Error) => console.error(err));
  }
}
