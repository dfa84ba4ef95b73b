import type { Channel } from 'amqplib';

export async function declareQueue(ch: Channel, name: string, durable = true) {
  await ch.assertQueue(name, { durable });
}

/** Two levels: the default of this wrapper decides. */
export async function declareScratch(ch: Channel, name: string, durable = false) {
  await declareQueue(ch, name, durable);
}

export async function declareLogged(ch: Channel, name: string, durable: boolean) {
  console.log(`declaring ${name} (durable: ${durable})`);
  await ch.assertQueue(name, { durable });
}
