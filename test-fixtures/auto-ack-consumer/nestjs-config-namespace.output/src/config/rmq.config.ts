// A configuration namespace, loaded by name (ConfigModule.forRoot({ load: [rmqConfig] })) and read with
// configService.get('rmq'): the options are written here, and that is where a finding about them goes.
import { registerAs } from '@nestjs/config';
import { Transport } from '@nestjs/microservices';

export const RMQ_CONFIG = 'rmq';

// rabbitmq4-codemod(auto-ack-consumer): set noAck: false in the RMQ options (Nest defaults it to
// true, whatever its typings say), acknowledge each message at the end of every
// @MessagePattern/@EventPattern handler with context.getChannelRef().ack(context.getMessage())
// (@Ctx() context: RmqContext), and set prefetchCount (e.g. 10)
export default registerAs(RMQ_CONFIG, () => ({
  server: {
    transport: Transport.RMQ,
    options: {
      urls: [process.env.RABBITMQ_URL ?? 'amqp://localhost'],
      queue: 'notifications',
      queueOptions: { durable: true },
    },
  },
  worker: {
    transport: Transport.RMQ,
    options: {
      urls: [process.env.RABBITMQ_URL ?? 'amqp://localhost'],
      queue: 'digests',
      queueOptions: { durable: true },
      noAck: false,
      prefetchCount: 20,
    },
  },
}));
