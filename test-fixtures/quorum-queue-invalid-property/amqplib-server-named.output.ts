import amqp from 'amqplib';

export async function declare(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  // rabbitmq4-codemod(quorum-queue-invalid-property): give the quorum queue a name (a quorum queue
  // cannot be server-named), or drop x-queue-type and declare it exclusive: true if it is a
  // per-connection temporary queue
  const { queue } = await ch.assertQueue('', { arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 3 } });
  return queue;
}
