// amqp-connection-manager's ChannelWrapper.consume with manual ack: the handler must call channelWrapper.ack(msg).
import amqp from 'amqp-connection-manager';

const connection = amqp.connect(['amqp://localhost']);
const channelWrapper = connection.createChannel({
  setup: async (channel: import('amqplib').ConfirmChannel) => {
    await channel.assertQueue('notifications', { durable: true });
  },
});

// rabbitmq4-codemod(manual-ack-never-settled): settle every message the handler receives: ack it
// when its work is done (and nack or reject it when it fails), or consume with noAck: true if
// losing messages on a crash is acceptable
channelWrapper.consume('notifications', (msg) => {
  console.log('Received', JSON.parse(msg.content.toString()));
}, { prefetch: 20 });

channelWrapper.consume('emails', (msg) => {
  console.log('Sending', msg.content.toString());
  channelWrapper.ack(msg);
}, { prefetch: 20 });
