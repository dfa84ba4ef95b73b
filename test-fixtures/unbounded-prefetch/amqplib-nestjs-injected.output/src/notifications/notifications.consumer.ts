import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { RabbitService } from '../rabbit/rabbit.service';

@Injectable()
export class NotificationsConsumer implements OnApplicationBootstrap {
  constructor(private readonly rabbit: RabbitService) {}

  async onApplicationBootstrap() {
    const channel = this.rabbit.getChannel();
    await channel.assertQueue('notifications');
    // rabbitmq4-codemod(unbounded-prefetch): call prefetch(N) on the channel before consume, with N
    // the number of messages the handler may work on at once (10 to 100 is typical)
    await channel.consume('notifications', (msg) => {
      if (!msg) return;
      channel.ack(msg);
    });
  }
}
