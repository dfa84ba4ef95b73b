import { DynamicModule, Module } from '@nestjs/common';
import * as amqp from 'amqplib';
import { CONSUMER_OPTIONS } from './tokens';
import { ConsumerService } from './consumer.service';

export interface ConsumerModuleAsyncOptions {
  useFactory: (...args: any[]) => amqp.Options.Consume | Promise<amqp.Options.Consume>;
  inject?: any[];
}

@Module({})
export class ConsumerModule {
  static forFeatureAsync(options: ConsumerModuleAsyncOptions): DynamicModule {
    return {
      module: ConsumerModule,
      providers: [{ provide: CONSUMER_OPTIONS, useFactory: options.useFactory, inject: options.inject || [] }, ConsumerService],
      exports: [ConsumerService],
    };
  }
}
