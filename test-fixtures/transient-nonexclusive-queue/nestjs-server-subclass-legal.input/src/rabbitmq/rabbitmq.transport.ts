// A ServerRMQ subclass nothing in the project constructs yet: this.queueOptions is what ServerRMQ sets for options
// that hold none ({}), so the queue is durable as written.
import { CustomTransportStrategy, ServerRMQ } from '@nestjs/microservices';

export class RabbitMQ extends ServerRMQ implements CustomTransportStrategy {
  async setupChannel(channel: any, callback: Function): Promise<void> {
    const exchange = this.queue;
    const groupId = this.getOptionsProp(this.options?.queueOptions, 'consumerGroupId') || 'E-Commerce Portal Service';
    await channel.assertExchange(exchange, 'fanout', { durable: true });
    await channel.assertQueue(groupId, {
      exclusive: false,
      durable: true,
      ...this.queueOptions,
    });
    await channel.bindQueue(groupId, exchange, '');
    await channel.prefetch(5);
    channel.consume(groupId, async (msg: any) => {
      await this.handleMessage(msg, channel);
      channel.ack(msg);
    }, { noAck: false });
    callback();
  }
}
