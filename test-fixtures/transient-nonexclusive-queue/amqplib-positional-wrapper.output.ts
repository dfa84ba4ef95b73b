import amqp from 'amqplib';

let channel: amqp.Channel;

/** A hand-written helper with positional flags, as ported from other languages' clients. */
function queueDeclare(name: string, durable: boolean, exclusive: boolean, autoDelete = false, args?: Record<string, unknown>) {
  return channel.assertQueue(name, { durable, exclusive, autoDelete, arguments: args });
}

export async function setup(url: string) {
  channel = await (await amqp.connect(url)).createChannel();
  await queueDeclare('jobs', true, false, false);
  await queueDeclare('results', true, false);
  await queueDeclare('replies', false, true, true);
  await queueDeclare('', false, true);
}
