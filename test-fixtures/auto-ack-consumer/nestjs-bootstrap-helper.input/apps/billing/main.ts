import { NestFactory } from '@nestjs/core';
import { Transport } from '@nestjs/microservices';
import { attachMicroservice } from '../../libs/common/bootstrap';

class BillingModule {}

export async function main() {
  const app = await NestFactory.create(BillingModule);
  await attachMicroservice(app, {
    transport: Transport.RMQ,
    options: { urls: ['amqp://localhost'], queue: 'billing', queueOptions: { durable: true }, noAck: false, prefetchCount: 10 },
  });
  await app.listen(3000);
}
