import amqp from 'amqplib';

export async function serve(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.prefetch(10);
  await ch.consume('rpc', (msg) => {
    if (!msg) return;
    const { replyTo } = msg.properties;
    ch.publish('', replyTo, Buffer.from('pong'), { mandatory: true });
    ch.ack(msg);
  });
}
