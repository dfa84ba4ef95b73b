// A NestJS provider returns a Map of connections by name; main.ts iterates it and declares a queue on each.
import { Module } from '@nestjs/common';
import { Connection } from 'rabbitmq-client';

export const BY_NAME = 'BY_NAME';

@Module({
  providers: [{ provide: BY_NAME, useFactory: async () => new Map([['payments', new Connection(process.env.AMQP_URL)]]) }],
  exports: [BY_NAME],
})
export class MessagingModule {}
