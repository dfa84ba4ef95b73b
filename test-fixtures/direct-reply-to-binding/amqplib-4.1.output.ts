import amqp from 'amqplib';

export async function serve(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.prefetch(10);
  await ch.consume('rpc', async (msg) => {
    if (!msg) return;
    const replyQueue = msg.properties.replyTo;
    // rabbitmq4-codemod(direct-reply-to-binding): remove the binding: a direct reply-to queue
    // receives only messages published to its own name on the default exchange; bind an ordinary
    // (exclusive) reply queue instead if replies must come through an exchange
    await ch.bindQueue(replyQueue, 'events', 'order.*');
    ch.ack(msg);
  });
}
