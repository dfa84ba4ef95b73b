// A NestJS provider returns a Map of channels by name; main.ts iterates it and declares a queue on each.
import { Module } from '@nestjs/common';
import * as amqp from 'amqplib';

export const CHANNELS = 'CHANNELS';

@Module({
  providers: [
    {
      provide: CHANNELS,
      useFactory: async () => {
        const connection = await amqp.connect(process.env.AMQP_URL!);
        return new Map([['payments', await connection.createChannel()]]);
      },
    },
  ],
  exports: [CHANNELS],
})
export class ChannelsModule {}
