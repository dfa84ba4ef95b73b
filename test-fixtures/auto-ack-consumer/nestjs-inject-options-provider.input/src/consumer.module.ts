import { Module } from '@nestjs/common';
import { CONSUMER_OPTIONS } from './tokens';
import { ConsumerService } from './consumer.service';

@Module({
  providers: [{ provide: CONSUMER_OPTIONS, useFactory: () => ({ noAck: true }) }, ConsumerService],
})
export class ConsumerModule {}
