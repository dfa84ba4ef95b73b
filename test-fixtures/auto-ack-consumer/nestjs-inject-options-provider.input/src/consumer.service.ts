// The consume options are injected by token: `this.opts` is what the module's provider of CONSUMER_OPTIONS makes, so
// `this.opts || { noAck: true }` is that object (noAck: true), not a value left to run time.
import { Inject, Injectable } from '@nestjs/common';
import * as amqp from 'amqplib';
import { CONSUMER_OPTIONS } from './tokens';

@Injectable()
export class ConsumerService {
  constructor(@Inject(CONSUMER_OPTIONS) private readonly opts: amqp.Options.Consume) {}

  async start(url: string) {
    const ch = await (await amqp.connect(url)).createChannel();
    await ch.consume('jobs', (msg) => console.log(msg?.content.toString()), this.opts || { noAck: true });
  }
}
