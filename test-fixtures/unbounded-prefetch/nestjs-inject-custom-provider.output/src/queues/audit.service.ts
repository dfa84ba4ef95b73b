import { Inject, Injectable } from '@nestjs/common';
import type { ConsumeMessage } from 'amqplib';
import { AUDIT_CONSUMER, type QueueConsumer } from './queues.module';

@Injectable()
export class AuditService {
  constructor(@Inject(AUDIT_CONSUMER) private readonly consumer: QueueConsumer) {}

  async listen(): Promise<void> {
    // rabbitmq4-codemod(unbounded-prefetch): call prefetch(N) on the channel before consume, with N
    // the number of messages the handler may work on at once (10 to 100 is typical)
    await this.consumer.channel.consume('audit', (msg: ConsumeMessage) => {
      console.log(msg.content.toString());
      this.consumer.channel.ack(msg);
    });
  }
}
