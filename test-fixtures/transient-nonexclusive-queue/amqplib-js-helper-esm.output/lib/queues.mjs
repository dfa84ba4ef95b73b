import { assert } from './assert.mjs';

/** Two levels: declareQueue -> assert. */
export async function declareQueue(ch, name, opts) {
  return assert(ch, name, opts);
}

/**
 * @param {import('amqplib').Channel} channel
 * @param {string} name
 */
export default async function declareWork(channel, name, durable = true) {
  await channel.assertQueue(name, { durable });
}
