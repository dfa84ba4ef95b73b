import amqp from 'amqplib';

export async function serve(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.prefetch(10);
  await ch.consume('rpc', async (msg) => {
    if (!msg) return;
    const replyQueue = msg.properties.replyTo;
    await ch.bindQueue(replyQueue, 'events', 'order.*');
    ch.ack(msg);
  });
}
