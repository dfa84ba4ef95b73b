import * as amqp from 'amqp-connection-manager';

const connection = amqp.connect(['amqp://localhost']);

export const wrapper = connection.createChannel({
  setup(channel) {
    return channel.assertQueue('worker-presence', {
      exclusive: true,
      arguments: { 'x-queue-type': 'quorum' },
    });
  },
});
