// The consume options are injected by token; the token's provider is built by ConsumerModule.forFeatureAsync from
// each importing module's own useFactory, so each call of forFeatureAsync decides noAck.
import { Inject, Injectable } from '@nestjs/common';
import * as amqp from 'amqplib';
import { CONSUMER_OPTIONS } from './tokens';

@Injectable()
export class ConsumerService {
  constructor(@Inject(CONSUMER_OPTIONS) private readonly opts: amqp.Options.Consume) {}

  async start(url: string, queue: string) {
    const ch = await (await amqp.connect(url)).createChannel();
    await ch.prefetch(10);
    await ch.consume(queue, (msg) => msg && ch.ack(msg), this.opts || { noAck: true });
  }
}
