import { Transport } from '@nestjs/microservices';
import { bootstrapMicroservice } from '../../libs/common/bootstrap';

class OrdersModule {}

// rabbitmq4-codemod(auto-ack-consumer): set noAck: false in the RMQ options (Nest defaults it to
// true, whatever its typings say), acknowledge each message at the end of every
// @MessagePattern/@EventPattern handler with context.getChannelRef().ack(context.getMessage())
// (@Ctx() context: RmqContext), and set prefetchCount (e.g. 10)
void bootstrapMicroservice(OrdersModule, {
  transport: Transport.RMQ,
  options: { urls: [process.env.RABBITMQ_URL ?? 'amqp://localhost'], queue: 'orders', queueOptions: { durable: true } },
});
