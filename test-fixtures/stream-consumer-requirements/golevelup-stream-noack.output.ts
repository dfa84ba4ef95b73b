import { Injectable } from '@nestjs/common';
import { RabbitSubscribe } from '@golevelup/nestjs-rabbitmq';

@Injectable()
export class AuditReader {
  // rabbitmq4-codemod(stream-consumer-requirements): consume the stream without noAck: true in
  // queueOptions.consumerOptions, and with a prefetch above 0 (prefetchCount in RabbitMQModule's
  // config, 10 by default, or in the channel named in queueOptions.channel)
  @RabbitSubscribe({
    queue: 'audit-stream',
    queueOptions: {
      arguments: { 'x-queue-type': 'stream' },
      consumerOptions: { noAck: true, arguments: { 'x-stream-offset': 'first' } },
    },
  })
  read(entry: unknown) {
    console.log(entry);
  }
}
