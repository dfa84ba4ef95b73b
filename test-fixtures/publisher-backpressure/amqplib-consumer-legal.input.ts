import amqp from 'amqplib';

// A consumer that forwards each message: the broker feeds it at the pace its prefetch allows.
export async function forward(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.prefetch(50);
  await ch.consume('incoming', (msg) => {
    if (!msg) return;
    ch.sendToQueue('outgoing', msg.content);
    ch.ack(msg);
  });
}
