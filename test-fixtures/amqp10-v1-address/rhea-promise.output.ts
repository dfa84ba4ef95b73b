import { Connection } from 'rhea-promise';

export async function start() {
  const connection = new Connection({ host: 'localhost', port: 5672 });
  await connection.open();
  const sender = await connection.createAwaitableSender({ target: { address: '/exchanges/billing/invoice' } });
  // rabbitmq4-codemod(amqp10-v1-address): use /queues/invoices if 'invoices' names a queue, or
  // /exchanges/<exchange>/<routing-key>
  const receiver = await connection.createReceiver({ source: { address: 'invoices' } });
  return { sender, receiver };
}
