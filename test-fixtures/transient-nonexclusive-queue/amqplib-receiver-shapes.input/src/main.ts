import { NestFactory } from '@nestjs/core';
import { ChannelsModule, CHANNELS } from './di-map';

async function bootstrap() {
  const app = await NestFactory.createApplicationContext(ChannelsModule);
  const channels = app.get(CHANNELS);
  for (const [name, channel] of channels) {
    await channel.assertQueue(name, { durable: false });
    channel.consume(name, (msg: any) => channel.ack(msg), { noAck: false });
  }
}

bootstrap();
