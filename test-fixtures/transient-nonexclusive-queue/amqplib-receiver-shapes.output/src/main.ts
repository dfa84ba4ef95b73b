import { NestFactory } from '@nestjs/core';
import { ChannelsModule, CHANNELS } from './di-map';

async function bootstrap() {
  const app = await NestFactory.createApplicationContext(ChannelsModule);
  const channels = app.get(CHANNELS);
  for (const [name, channel] of channels) {
    await channel.assertQueue(name, { durable: true });
    // rabbitmq4-codemod(unbounded-prefetch): call prefetch(N) on the channel before consume, with N
    // the number of messages the handler may work on at once (10 to 100 is typical)
    channel.consume(name, (msg: any) => channel.ack(msg), { noAck: false });
  }
}

bootstrap();
