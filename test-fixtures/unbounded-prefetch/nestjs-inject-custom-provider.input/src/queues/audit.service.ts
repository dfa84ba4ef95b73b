import { Inject, Injectable } from '@nestjs/common';
import type { ConsumeMessage } from 'amqplib';
import { AUDIT_CONSUMER, type QueueConsumer } from './queues.module';

@Injectable()
export class AuditService {
  constructor(@Inject(AUDIT_CONSUMER) private readonly consumer: QueueConsumer) {}

  async listen(): Promise<void> {
    await this.consumer.channel.consume('audit', (msg: ConsumeMessage) => {
      console.log(msg.content.toString());
      this.consumer.channel.ack(msg);
    });
  }
}
