import { Controller, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ClientsModule, Ctx, EventPattern, MicroserviceOptions, Payload, RmqContext, Transport } from '@nestjs/microservices';

@Controller()
export class OrdersController {
  @EventPattern('order_created')
  async handleOrderCreated(@Payload() order: { id: string }, @Ctx() context: RmqContext) {
    await ship(order.id);
    context.getChannelRef().ack(context.getMessage());
  }
}

@Module({
  controllers: [OrdersController],
  // A client proxy only publishes (its reply consumer uses direct reply-to).
  imports: [ClientsModule.register([{ name: 'ORDERS', transport: Transport.RMQ, options: { urls: ['amqp://localhost'], queue: 'orders' } }])],
})
export class AppModule {}

async function bootstrap() {
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(AppModule, {
    transport: Transport.RMQ,
    options: { urls: ['amqp://localhost'], queue: 'orders', noAck: false, prefetchCount: 10 },
  });
  await app.listen();
}
bootstrap();

declare function ship(id: string): Promise<void>;
