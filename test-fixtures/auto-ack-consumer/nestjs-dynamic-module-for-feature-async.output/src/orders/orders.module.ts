// Automatic ack: the consumer this module gets is unsafe.
import { Module } from '@nestjs/common';
import { ConsumerModule } from '../consumer.module';

// rabbitmq4-codemod(auto-ack-consumer): consume with noAck: false, call ack(msg) after the
// handler's work, and set a prefetch (e.g. prefetch(10)) on the channel before consuming
@Module({
  imports: [ConsumerModule.forFeatureAsync({ useFactory: () => ({ noAck: true }) })],
})
export class OrdersModule {}
