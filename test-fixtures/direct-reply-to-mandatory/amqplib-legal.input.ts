import amqp from 'amqplib';

export async function serve(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.prefetch(10);
  await ch.consume('rpc', (msg) => {
    if (!msg) return;
    const { replyTo, correlationId } = msg.properties;
    // No mandatory flag: nothing changes.
    ch.sendToQueue(replyTo, Buffer.from('pong'), { correlationId });
    // mandatory to an ordinary queue still returns unroutable messages.
    ch.publish('', 'audit', Buffer.from('served'), { mandatory: true });
    // Through an exchange, the reply is routed (or returned) like any other message.
    ch.publish('replies', replyTo, Buffer.from('pong'), { mandatory: true });
    ch.ack(msg);
  });
}
