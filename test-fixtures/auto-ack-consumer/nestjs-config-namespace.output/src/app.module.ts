import { Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import rmqConfig from './config/rmq.config';

@Module({ imports: [ConfigModule.forRoot({ load: [rmqConfig] })] })
export class AppModule {}
