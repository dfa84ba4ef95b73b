// A NestJS-style service that sends notifications to a worker over RabbitMQ.
import { Injectable } from '@nestjs/common';
import { ClientProxy, ClientProxyFactory, Transport } from '@nestjs/microservices';

@Injectable()
export class NotificationsService {
  private readonly client: ClientProxy = ClientProxyFactory.create({
    transport: Transport.RMQ,
    options: {
      urls: [process.env.AMQP_URL ?? 'amqp://localhost'],
      queue: 'typeorm.notifications',
      queueOptions: { durable: false },
    },
  });

  notify(userId: string, text: string) {
    return this.client.emit('notification', { userId, text });
  }
}
