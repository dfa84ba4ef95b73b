import { Transport } from '@nestjs/microservices';
import { bootstrapMicroservice } from '../../libs/common/bootstrap';

class OrdersModule {}

void bootstrapMicroservice(OrdersModule, {
  transport: Transport.RMQ,
  options: { urls: [process.env.RABBITMQ_URL ?? 'amqp://localhost'], queue: 'orders', queueOptions: { durable: true } },
});
