// Manual ack (the service acks each message, with a prefetch of 10): safe.
import { Module } from '@nestjs/common';
import { ConsumerModule } from '../consumer.module';

@Module({
  imports: [ConsumerModule.forFeatureAsync({ useFactory: async () => ({ noAck: false }) })],
})
export class AuditModule {}
