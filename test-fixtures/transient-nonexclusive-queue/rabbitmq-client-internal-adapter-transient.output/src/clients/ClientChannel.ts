// An amqplib-shaped adapter over a rabbitmq-client channel, used only by the package's own modules.
import type { AsyncMessage, Channel } from 'rabbitmq-client';

export interface QueueOptions {
  durable?: boolean;
  exclusive?: boolean;
}

export interface ConsumeOptions {
  noAck?: boolean;
}

export interface Delivery {
  body: unknown;
  deliveryTag: number;
}

export class ClientChannel {
  constructor(private readonly channel: Channel) {}

  async assertQueue(queue: string, options?: QueueOptions): Promise<void> {
    await this.channel.queueDeclare({ queue, durable: options?.durable, exclusive: options?.exclusive });
  }

  async prefetch(count: number): Promise<void> {
    await this.channel.basicQos({ prefetchCount: count });
  }

  async consume(queue: string, onMessage: (msg: Delivery) => void, options?: ConsumeOptions): Promise<void> {
    await this.channel.basicConsume({ queue, noAck: options?.noAck }, (msg: AsyncMessage) => {
      onMessage({ body: msg.body, deliveryTag: msg.deliveryTag });
    });
  }

  ack(msg: Delivery): void {
    this.channel.basicAck({ deliveryTag: msg.deliveryTag });
  }
}
