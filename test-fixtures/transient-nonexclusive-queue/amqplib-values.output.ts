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
  await channel.assertQueue('a', { durable: settings.durable ?? true });
  await channel.assertQueue('b', { durable: settings.durable || true });
  await channel.assertQueue('c', { durable: production ? true : true });
  await channel.assertQueue('d', { ...queueOptions('d') });
  await declare({ channel, name: 'e' });
  await declare({ channel, name: 'f', durable: true });
}
