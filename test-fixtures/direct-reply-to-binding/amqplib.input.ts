import amqp from 'amqplib';

export async function serve(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.bindQueue('amq.rabbitmq.reply-to', 'replies', 'rpc.#');
  await ch.prefetch(10);
  await ch.consume('rpc', async (msg) => {
    if (!msg) return;
    await ch.bindQueue(msg.properties.replyTo, 'events', 'order.*');
    ch.ack(msg);
  });
}
