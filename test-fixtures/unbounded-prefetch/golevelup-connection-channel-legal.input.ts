// AmqpConnection.channel is the library's default channel, on which @golevelup/nestjs-rabbitmq sets
// prefetch(prefetchCount), 10 by default (lib/amqp/connection.js setupInitChannel): consumers started on it by hand
// are bounded, injected or constructed.
import { AmqpConnection } from '@golevelup/nestjs-rabbitmq';
import { Injectable } from '@nestjs/common';

@Injectable()
export class ReplayService {
  constructor(private readonly amqpConnection: AmqpConnection) {}

  async replay(queue: string) {
    const channel = this.amqpConnection.channel;
    await channel.consume(queue, (msg) => {
      if (!msg) return;
      console.log(msg.content.toString());
      channel.ack(msg);
    });
  }
}

export async function standalone(uri: string) {
  const connection = new AmqpConnection({ uri });
  await connection.init();
  await connection.channel.consume('audit', (msg) => msg && connection.channel.ack(msg));
}
