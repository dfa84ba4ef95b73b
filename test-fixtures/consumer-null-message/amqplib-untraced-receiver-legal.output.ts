// A channel from a base class the tool cannot read: it may be amqp-connection-manager's ChannelWrapper or a helper
// of the project's own, whose consume never passes null, so the call's shape is no evidence for this rule.
import type { ConsumeMessage } from 'amqplib';
import { BrokerClient } from './broker-client';

export class OrdersConsumer extends BrokerClient {
  async start() {
    const channel = await this.channelFor('orders');
    // rabbitmq4-codemod(unbounded-prefetch): call prefetch(N) on the channel before consume, with N
    // the number of messages the handler may work on at once (10 to 100 is typical)
    await channel.consume('orders', async (message: ConsumeMessage) => {
      await handle(message.content);
      channel.ack(message);
    });
  }
}

declare function handle(body: Buffer): Promise<void>;
