// An amqplib-shaped adapter over an @cloudamqp/amqp-client channel, used only by the package's own modules.
import type { AMQPChannel, AMQPMessage } from '@cloudamqp/amqp-client';

export interface ConsumeOptions {
  noAck?: boolean;
}

export class ClientChannel {
  constructor(private readonly channel: AMQPChannel) {}

  async assertQueue(queue: string): Promise<void> {
    await this.channel.queue(queue, { durable: true });
  }

  async prefetch(count: number): Promise<void> {
    await this.channel.basicQos(count);
  }

  async consume(queue: string, onMessage: (msg: AMQPMessage) => Promise<void>, options?: ConsumeOptions): Promise<void> {
    await this.channel.basicConsume(queue, { noAck: options?.noAck }, (msg) => {
      void onMessage(msg);
    });
  }
}
