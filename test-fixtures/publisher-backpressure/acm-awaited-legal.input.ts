import amqp from 'amqp-connection-manager';

export async function exportRows(rows: string[]) {
  const connection = amqp.connect(['amqp://localhost']);
  const wrapper = connection.createChannel({ json: true });
  await Promise.all(rows.map((row) => wrapper.sendToQueue('exports', { row })));
}
