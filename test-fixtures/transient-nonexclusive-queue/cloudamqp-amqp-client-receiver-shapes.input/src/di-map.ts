// A NestJS provider returns a Map of channels by name; main.ts iterates it and declares a queue on each.
import { Module } from '@nestjs/common';
import { AMQPClient } from '@cloudamqp/amqp-client';

export const BY_NAME = 'BY_NAME';

@Module({
  providers: [{ provide: BY_NAME, useFactory: async () => new Map([['payments', await (await new AMQPClient(process.env.AMQP_URL!).connect()).channel()]]) }],
  exports: [BY_NAME],
})
export class MessagingModule {}
