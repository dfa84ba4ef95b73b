import { Connection } from 'rhea-promise';

export async function start() {
  const connection = new Connection({ host: 'localhost', port: 5672 });
  await connection.open();
  const sender = await connection.createAwaitableSender({ target: { address: '/exchange/billing/invoice' } });
  const receiver = await connection.createReceiver({ source: { address: 'invoices' } });
  return { sender, receiver };
}
