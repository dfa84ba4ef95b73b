// A custom transport that consumes its queue the way ServerRMQ does: acknowledgement as the options say (this.noAck).
import { CustomTransportStrategy, ServerRMQ } from '@nestjs/microservices';

export class BillingTransport extends ServerRMQ implements CustomTransportStrategy {
  async setupChannel(channel: any, callback: Function): Promise<void> {
    await channel.assertQueue('billing', { durable: true });
    await channel.prefetch(20);
    // rabbitmq4-codemod(auto-ack-consumer): consume with noAck: false, call ack(msg) after the
    // handler's work, and set a prefetch (e.g. prefetch(10)) on the channel before consuming
    await channel.consume('billing', (msg: any) => this.handleMessage(msg, channel), { noAck: this.noAck });
    callback();
  }
}
