import amqp from 'amqp-connection-manager';
import type { ConfirmChannel } from 'amqplib';

const connection = amqp.connect(['amqp://localhost']);

export const channelWrapper = connection.createChannel({
  json: true,
  setup: (channel: ConfirmChannel) =>
    Promise.all([
      channel.assertQueue('rpc-requests', { durable: true, autoDelete: true }),
      channel.prefetch(10),
    ]),
});

channelWrapper.addSetup(async (channel: ConfirmChannel) => {
  await channel.assertQueue('events', { durable: true });
});
