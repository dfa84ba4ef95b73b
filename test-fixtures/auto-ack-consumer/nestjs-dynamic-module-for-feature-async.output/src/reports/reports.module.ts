// The options come from configuration at run time: noAck stays unknown.
import { Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ConsumerModule } from '../consumer.module';

@Module({
  imports: [ConsumerModule.forFeatureAsync({ useFactory: (config: ConfigService) => config.get('reports.consume'), inject: [ConfigService] })],
})
export class ReportsModule {}
