// A NestJS provider returns a Map of exchanges by name; main.ts iterates it and declares a queue on each.
import { Module } from '@nestjs/common';
import jackrabbit from '@pager/jackrabbit';

export const BY_NAME = 'BY_NAME';

@Module({
  providers: [{ provide: BY_NAME, useFactory: async () => new Map([['payments', jackrabbit(process.env.AMQP_URL).default()]]) }],
  exports: [BY_NAME],
})
export class MessagingModule {}
