// A custom transport: one fanout exchange per topic and a queue per consumer group, declared with the queue options
// the microservice is started with (ServerRMQ's constructor keeps them as this.queueOptions).
import { CustomTransportStrategy, ServerRMQ } from '@nestjs/microservices';

export class FanoutTransport extends ServerRMQ implements CustomTransportStrategy {
  async setupChannel(channel: any, callback: Function): Promise<void> {
    const exchange = this.queue;
    const groupId = `${exchange}.catalog`;
    await channel.assertExchange(exchange, 'fanout', { durable: true });
    await channel.assertQueue(groupId, { exclusive: false, ...this.queueOptions });
    await channel.bindQueue(groupId, exchange, '');
    await channel.prefetch(10);
    channel.consume(groupId, async (msg: any) => {
      await this.handleMessage(msg, channel);
      channel.ack(msg);
    }, { noAck: false });
    callback();
  }
}
