import { Injectable } from '@nestjs/common';
import { RabbitSubscribe } from '@golevelup/nestjs-rabbitmq';

@Injectable()
export class ClickListener {
  // rabbitmq4-codemod(auto-ack-consumer): set noAck: false (or remove it) in
  // queueOptions.consumerOptions: the library then acknowledges each message after the handler
  // returns (return new Nack() to reject one), and the prefetch limits the messages in flight
  // (prefetchCount in RabbitMQModule's config, 10 by default, or in the channel named in
  // queueOptions.channel)
  @RabbitSubscribe({
    exchange: 'web',
    routingKey: 'click',
    queue: 'clicks',
    queueOptions: { channel: 'firehose', consumerOptions: { noAck: true } },
  })
  onClick(click: { url: string }) {
    console.log(click.url);
  }
}
