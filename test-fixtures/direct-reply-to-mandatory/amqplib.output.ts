import amqp from 'amqplib';

export async function serve(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.prefetch(10);
  await ch.consume('rpc', (msg) => {
    if (!msg) return;
    // rabbitmq4-codemod(direct-reply-to-mandatory): do not rely on mandatory/'return' to detect a
    // departed requester: check that the reply-to queue still exists with a passive declare
    // (checkQueue) on a separate channel before replying, and let the requester time out
    ch.sendToQueue(msg.properties.replyTo, Buffer.from('pong'), { correlationId: msg.properties.correlationId, mandatory: true });
    ch.ack(msg);
  });
  ch.on('return', (m) => console.warn('requester gone', m.fields.routingKey));
}
