import { ServiceBroker } from 'moleculer';

export const broker = new ServiceBroker({
  transporter: {
    type: 'AMQP',
    options: {
      url: 'amqp://localhost',
      autoDeleteQueues: false,
      queueOptions: { arguments: { 'x-queue-type': 'stream' } },
    },
  },
});
