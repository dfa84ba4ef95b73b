// Automatic ack: the consumer this module gets is unsafe.
import { Module } from '@nestjs/common';
import { ConsumerModule } from '../consumer.module';

@Module({
  imports: [ConsumerModule.forFeatureAsync({ useFactory: () => ({ noAck: true }) })],
})
export class OrdersModule {}
