import { ServiceBroker } from 'moleculer';
import { Middleware as ChannelsMiddleware } from '@moleculer/channels';

export const broker = new ServiceBroker({
  middlewares: [ChannelsMiddleware({ adapter: 'amqp://localhost:5672' })],
});

export const redis = new ServiceBroker({
  middlewares: [ChannelsMiddleware({ adapter: { type: 'Redis', options: { redis: 'redis://localhost:6379', queueOptions: { durable: false } } } })],
});
