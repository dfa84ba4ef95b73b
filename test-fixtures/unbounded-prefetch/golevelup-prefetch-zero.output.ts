import { Injectable, Module } from '@nestjs/common';
import { RabbitMQModule, RabbitSubscribe } from '@golevelup/nestjs-rabbitmq';

@Injectable()
export class ImportHandlers {
  // rabbitmq4-codemod(unbounded-prefetch): set a prefetch above 0: prefetchCount in
  // RabbitMQModule's config, 10 by default, or in the channel named in queueOptions.channel
  @RabbitSubscribe({ exchange: 'imports', routingKey: 'import.requested', queue: 'import-requested' })
  async onImport(job: { file: string }) {
    await this.importFile(job.file);
  }

  private async importFile(file: string) {}
}

@Module({
  imports: [
    RabbitMQModule.forRoot({
      uri: 'amqp://localhost:5672',
      prefetchCount: 0,
    }),
  ],
  providers: [ImportHandlers],
})
export class ImportsModule {}
