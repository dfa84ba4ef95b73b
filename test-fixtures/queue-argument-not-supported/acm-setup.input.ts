import amqp from 'amqp-connection-manager';
import type { ConfirmChannel } from 'amqplib';

const QUEUE_OPTIONS = {
  durable: true,
  maxPriority: 10,
  arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 20 },
};

export const wrapper = amqp.connect(['amqp://localhost']).createChannel({
  setup: async (channel: ConfirmChannel) => {
    await channel.assertQueue('mail', QUEUE_OPTIONS);
  },
});
