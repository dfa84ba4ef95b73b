// A NestJS provider returns a Map of brokers by name; main.ts iterates it and declares a queue on each.
import { Module } from '@nestjs/common';
import * as rabbit from 'foo-foo-mq';

export const BY_NAME = 'BY_NAME';

@Module({
  providers: [{ provide: BY_NAME, useFactory: async () => new Map([['payments', rabbit]]) }],
  exports: [BY_NAME],
})
export class MessagingModule {}
