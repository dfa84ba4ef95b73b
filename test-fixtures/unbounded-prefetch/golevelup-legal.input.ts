import { Injectable, Module } from '@nestjs/common';
import { RabbitMQModule, RabbitSubscribe } from '@golevelup/nestjs-rabbitmq';

@Injectable()
export class ImportHandlers {
  @RabbitSubscribe({ exchange: 'imports', routingKey: 'import.requested', queue: 'import-requested' })
  async onImport(job: { file: string }) {
    await this.importFile(job.file);
  }

  @RabbitSubscribe({ exchange: 'imports', routingKey: 'import.large', queue: 'import-large', queueOptions: { channel: 'slow' } })
  async onLargeImport(job: { file: string }) {
    await this.importFile(job.file);
  }

  private async importFile(file: string) {}
}

@Module({
  imports: [
    RabbitMQModule.forRoot({
      uri: 'amqp://localhost:5672',
      prefetchCount: 0,
      channels: {
        main: { prefetchCount: 20, default: true },
        slow: { prefetchCount: 1 },
      },
    }),
  ],
  providers: [ImportHandlers],
})
export class ImportsModule {}
