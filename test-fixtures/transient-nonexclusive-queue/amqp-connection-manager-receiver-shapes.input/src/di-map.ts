// A NestJS provider returns a Map of wrappers by name; main.ts iterates it and declares a queue on each.
import { Module } from '@nestjs/common';
import * as amqp from 'amqp-connection-manager';

export const BY_NAME = 'BY_NAME';

@Module({
  providers: [{ provide: BY_NAME, useFactory: async () => new Map([['payments', amqp.connect([process.env.AMQP_URL!]).createChannel({ json: true })]]) }],
  exports: [BY_NAME],
})
export class MessagingModule {}
