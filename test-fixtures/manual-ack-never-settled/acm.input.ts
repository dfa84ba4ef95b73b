// amqp-connection-manager's ChannelWrapper.consume with manual ack: the handler must call channelWrapper.ack(msg).
import amqp from 'amqp-connection-manager';

const connection = amqp.connect(['amqp://localhost']);
const channelWrapper = connection.createChannel({
  setup: async (channel: import('amqplib').ConfirmChannel) => {
    await channel.assertQueue('notifications', { durable: true });
  },
});

channelWrapper.consume('notifications', (msg) => {
  console.log('Received', JSON.parse(msg.content.toString()));
}, { prefetch: 20 });

channelWrapper.consume('emails', (msg) => {
  console.log('Sending', msg.content.toString());
  channelWrapper.ack(msg);
}, { prefetch: 20 });
