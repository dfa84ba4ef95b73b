import amqp from 'amqplib';

const settings: { durable?: boolean; priority?: number } = {};
const production = false;

function queueOptions(name: string) {
  return { durable: true, exclusive: name === "" };
}

async function declare({ channel, name, durable = true }: { channel: amqp.Channel; name: string; durable?: boolean }) {
  await channel.assertQueue(name, { durable });
}

export async function main() {
  const channel = await (await amqp.connect('amqp://localhost')).createChannel();
  // rabbitmq4-codemod(transient-nonexclusive-queue): declare the queue durable: true (add an
  // expires / x-expires TTL if it should disappear when idle), or exclusive: true if only this
  // connection uses it (not rewritten: it is the fallback of `settings.durable ?? false`: rewriting
  // the fallback would override whatever `settings.durable` is given; set the value where it is
  // chosen)
  await channel.assertQueue('a', { durable: settings.durable ?? false });
  // rabbitmq4-codemod(transient-nonexclusive-queue): declare the queue durable: true (add an
  // expires / x-expires TTL if it should disappear when idle), or exclusive: true if only this
  // connection uses it (not rewritten: it is the fallback of `settings.durable || false`: rewriting
  // the fallback would override whatever `settings.durable` is given; set the value where it is
  // chosen)
  await channel.assertQueue('b', { durable: settings.durable || false });
  await channel.assertQueue('c', { durable: production ? true : true });
  await channel.assertQueue('d', { ...queueOptions('d') });
  await declare({ channel, name: 'e' });
  await declare({ channel, name: 'f', durable: true });
}
