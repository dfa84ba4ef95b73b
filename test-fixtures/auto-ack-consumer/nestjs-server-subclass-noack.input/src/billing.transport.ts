// A custom transport that consumes its queue the way ServerRMQ does: acknowledgement as the options say (this.noAck).
import { CustomTransportStrategy, ServerRMQ } from '@nestjs/microservices';

export class BillingTransport extends ServerRMQ implements CustomTransportStrategy {
  async setupChannel(channel: any, callback: Function): Promise<void> {
    await channel.assertQueue('billing', { durable: true });
    await channel.prefetch(20);
    await channel.consume('billing', (msg: any) => this.handleMessage(msg, channel), { noAck: this.noAck });
    callback();
  }
}
