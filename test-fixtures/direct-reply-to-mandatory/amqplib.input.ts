import amqp from 'amqplib';

export async function serve(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.prefetch(10);
  await ch.consume('rpc', (msg) => {
    if (!msg) return;
    ch.sendToQueue(msg.properties.replyTo, Buffer.from('pong'), { correlationId: msg.properties.correlationId, mandatory: true });
    ch.ack(msg);
  });
  ch.on('return', (m) => console.warn('requester gone', m.fields.routingKey));
}
