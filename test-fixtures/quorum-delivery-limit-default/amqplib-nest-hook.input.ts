import { Injectable, OnModuleInit } from '@nestjs/common';
import * as amqp from 'amqplib';

// NestJS calls onModuleInit itself, and the private helper it calls: the declaration runs though no code of the
// repository calls the hook.
@Injectable()
export class InvoiceQueues implements OnModuleInit {
  private channel!: amqp.Channel;

  async onModuleInit() {
    this.channel = await (await amqp.connect(process.env.AMQP_URL!)).createChannel();
    await this.declare();
  }

  private async declare() {
    await this.channel.assertQueue('invoices', { durable: true, arguments: { 'x-queue-type': 'quorum' } });
  }
}
