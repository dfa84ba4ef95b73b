import amqp from 'amqplib';

export async function startPublisher(url: string) {
  const conn = await amqp.connect(url);
  const ch = await conn.createConfirmChannel();
  return async (body: Buffer) => {
    ch.publish('orders', 'created', body);
    await ch.waitForConfirms();
  };
}
