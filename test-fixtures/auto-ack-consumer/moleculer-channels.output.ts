import { ServiceBroker } from 'moleculer';
import { Middleware as ChannelsMiddleware } from '@moleculer/channels';

export const broker = new ServiceBroker({
  middlewares: [
    ChannelsMiddleware({
      adapter: {
        type: 'AMQP',
        options: {
          // rabbitmq4-codemod(auto-ack-consumer): leave noAck: true out of amqp.consumerOptions:
          // the adapter acknowledges each message after its handler, with maxInFlight (1 by
          // default) as the prefetch
          amqp: { url: 'amqp://localhost:5672', consumerOptions: { noAck: true } },
          maxInFlight: 5,
        },
      },
    }),
  ],
});
