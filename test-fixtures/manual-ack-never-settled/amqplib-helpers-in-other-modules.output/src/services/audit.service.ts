import type { ConsumeMessage } from 'amqplib';

export class AuditService {
  private readonly entries: string[] = [];

  async record(msg: ConsumeMessage) {
    this.entries.push(msg.content.toString());
  }
}
