import { Inject, Injectable } from '@nestjs/common';
import type { ConsumeMessage } from 'amqplib';
import type { QueueConsumer } from './queues.module';

@Injectable()
export class EventsService {
  constructor(@Inject('QueueConsumer') private readonly consumer: QueueConsumer) {}

  async subscribe(fn: (msg: ConsumeMessage) => Promise<void>): Promise<void> {
    await this.consumer.channel.consume('events', (msg: ConsumeMessage) => {
      fn(msg).finally(() => this.consumer.channel.ack(msg));
    });
  }
}
