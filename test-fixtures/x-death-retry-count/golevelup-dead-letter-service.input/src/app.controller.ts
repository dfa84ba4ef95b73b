import { Controller } from '@nestjs/common';
import { RabbitSubscribe } from '@golevelup/nestjs-rabbitmq';
import { ConsumeMessage } from 'amqplib';
import { AppService } from './app.service';

@Controller()
export class AppController {
  constructor(private readonly appService: AppService) {}

  // The dead-letter queue's handler hands the raw message to the service, which decides with the x-death count.
  @RabbitSubscribe({
    exchange: 'product_dlx_exchange',
    routingKey: 'product.dead-letter',
    queue: 'product_dlx_queue',
    queueOptions: { messageTtl: 60000 },
  })
  async handleDeadLetter(msg: {}, amqpMsg: ConsumeMessage) {
    await this.appService.handleDeadLetter(amqpMsg);
  }
}
