import amqp from 'amqplib';

let channel: amqp.Channel;

function queueDeclare(name: string, durable: boolean, exclusive: boolean, autoDelete: boolean, args: Record<string, unknown>) {
  return channel.assertQueue(name, { durable, exclusive, autoDelete, arguments: args });
}

export async function setup(url: string) {
  channel = await (await amqp.connect(url)).createChannel();
  await queueDeclare('orders', true, false, false, { 'x-queue-type': 'quorum', 'x-delivery-limit': 5 });
  await queueDeclare('cache', true, false, false, { 'x-max-priority': 10 });
}
