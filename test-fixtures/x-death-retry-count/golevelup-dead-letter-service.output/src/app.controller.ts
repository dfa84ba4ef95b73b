import { Controller } from '@nestjs/common';
import { RabbitSubscribe } from '@golevelup/nestjs-rabbitmq';
import { ConsumeMessage } from 'amqplib';
import { AppService } from './app.service';

@Controller()
export class AppController {
  constructor(private readonly appService: AppService) {}

  // The dead-letter queue's handler hands the raw message to the service, which decides with the x-death count.
  // rabbitmq4-codemod(x-death-retry-count): count retries in a header of your own without the x-
  // prefix (e.g. 'retry-count': read it, add 1 when you republish), or let a quorum queue count:
  // its delivery-limit (x-delivery-limit or a delivery-limit policy) and the x-delivery-count
  // header (x-acquired-count from 4.3)
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
