import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { RabbitService } from '../rabbit/rabbit.service';

@Injectable()
export class NotificationsConsumer implements OnApplicationBootstrap {
  constructor(private readonly rabbit: RabbitService) {}

  async onApplicationBootstrap() {
    const channel = this.rabbit.getChannel();
    await channel.assertQueue('notifications');
    await channel.consume('notifications', (msg) => {
      if (!msg) return;
      channel.ack(msg);
    });
  }
}
