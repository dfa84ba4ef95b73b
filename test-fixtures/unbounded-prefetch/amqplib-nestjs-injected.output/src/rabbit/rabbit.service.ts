import { Injectable, OnModuleInit } from '@nestjs/common';
import { connect, Channel } from 'amqplib';

@Injectable()
export class RabbitService implements OnModuleInit {
  private channel: Channel;

  async onModuleInit() {
    const connection = await connect(process.env.AMQP_URL ?? 'amqp://localhost');
    this.channel = await connection.createChannel();
  }

  getChannel(): Channel {
    return this.channel;
  }
}
