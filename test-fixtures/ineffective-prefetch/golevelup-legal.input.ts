import { Injectable } from '@nestjs/common';
import { RabbitSubscribe } from '@golevelup/nestjs-rabbitmq';

@Injectable()
export class ClickListener {
  @RabbitSubscribe({
    exchange: 'web',
    routingKey: 'click',
    queue: 'clicks',
    queueOptions: { channel: 'firehose' },
  })
  onClick(click: { url: string }) {
    console.log(click.url);
  }
}
