// A NestJS provider returns a Map of connections by name; main.ts iterates it and declares a queue on each.
import { Module } from '@nestjs/common';
import * as rhea from 'rhea';

export const BY_NAME = 'BY_NAME';

@Module({
  providers: [{ provide: BY_NAME, useFactory: async () => new Map([['payments', rhea.connect({ host: process.env.AMQP_HOST, port: 5672 })]]) }],
  exports: [BY_NAME],
})
export class MessagingModule {}
