import amqp from 'amqp-connection-manager';
import type { Channel } from 'amqplib';

const connection = amqp.connect(['amqp://localhost']);
export const wrapper = connection.createChannel({
  json: true,
  setup: async (channel: Channel) => {
    await channel.assertExchange('delayed', 'x-delayed-message', { arguments: { 'x-delayed-type': 'direct' } });
  },
});

export async function later(body: object) {
  await wrapper.assertExchange('delayed.wrapper', 'x-delayed-message', { arguments: { 'x-delayed-type': 'fanout' } });
  await wrapper.publish('delayed', 'k', body, { headers: { 'x-delay': 5000 } });
}
