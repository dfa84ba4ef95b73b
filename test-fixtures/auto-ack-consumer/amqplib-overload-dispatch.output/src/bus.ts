// An overload dispatch: subscribe(queue, handler) or subscribe(queue, options, handler). `options` is a let set in the
// branches of the typeof test, which each call's arguments settle: the handler-only call takes { noAck: true }.
import * as amqp from 'amqplib';

type Handler = (msg: amqp.ConsumeMessage | null) => void;
interface ConsumeOptions { noAck?: boolean }

export class Bus {
  constructor(private readonly channel: amqp.Channel) {}

  async subscribe(queue: string, handlerOrOptions: Handler | ConsumeOptions, maybeHandler?: Handler) {
    let options: ConsumeOptions;
    let handler: Handler;
    if (typeof handlerOrOptions === 'function') {
      handler = handlerOrOptions;
      options = { noAck: true };
    } else {
      options = handlerOrOptions;
      handler = maybeHandler!;
    }
    await this.channel.prefetch(10);
    // rabbitmq4-codemod(auto-ack-consumer): consume with noAck: false, call ack(msg) after the
    // handler's work, and set a prefetch (e.g. prefetch(10)) on the channel before consuming
    return this.channel.consume(queue, handler, options);
  }
}
