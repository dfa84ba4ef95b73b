import { ServiceBroker } from 'moleculer';
import { Middleware } from '@moleculer/channels';

export const broker = new ServiceBroker({
  middlewares: [
    Middleware({
      adapter: {
        type: 'AMQP',
        options: { amqp: { url: 'amqp://localhost', queueOptions: { arguments: { 'x-queue-type': 'stream' } } } },
      },
    }),
  ],
});
