// A NestJS provider returns a Map of node-amqp connections by name; main.ts iterates it.
import { Module } from '@nestjs/common';
import * as amqp from 'amqp';

export const CONNECTIONS = 'CONNECTIONS';

@Module({
  providers: [{ provide: CONNECTIONS, useFactory: () => new Map([['newsletters', amqp.createConnection({ url: process.env.AMQP_URL })]]) }],
  exports: [CONNECTIONS],
})
export class ConnectionsModule {}
