import { ServiceBroker } from 'moleculer';
import { Middleware as ChannelsMiddleware } from '@moleculer/channels';

export const broker = new ServiceBroker({
  middlewares: [
    ChannelsMiddleware({
      adapter: {
        type: 'AMQP',
        options: {
          amqp: { url: 'amqp://localhost:5672', consumerOptions: { noAck: true } },
          maxInFlight: 5,
        },
      },
    }),
  ],
});
