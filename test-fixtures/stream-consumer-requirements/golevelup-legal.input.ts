import { Injectable } from '@nestjs/common';
import { RabbitSubscribe } from '@golevelup/nestjs-rabbitmq';

@Injectable()
export class AuditReader {
  @RabbitSubscribe({
    queue: 'audit-stream',
    queueOptions: {
      arguments: { 'x-queue-type': 'stream' },
      consumerOptions: { arguments: { 'x-stream-offset': 'first' } },
    },
  })
  read(entry: unknown) {
    console.log(entry);
  }
}
