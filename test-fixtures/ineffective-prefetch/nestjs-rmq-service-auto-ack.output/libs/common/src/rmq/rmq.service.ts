// The tutorial's RmqService: getOptions(queue, autoAck = false) returns the RMQ options with prefetchCount 10. Judged
// per call: auth passes true (automatic ack: the prefetch does nothing there), billing keeps the default (bounded).
import { Injectable } from '@nestjs/common';
import { RmqOptions, Transport } from '@nestjs/microservices';
import { ConfigService } from '@nestjs/config';

@Injectable()
export class RmqService {
  constructor(private readonly configService: ConfigService) {}

  getOptions(queue: string, autoAck = false): RmqOptions {
    return {
      transport: Transport.RMQ,
      options: {
        urls: [this.configService.get<string>('RABBIT_MQ_URI')!],
        queue: this.configService.get<string>(`RABBIT_MQ_${queue}_QUEUE`),
        noAck: autoAck,
        prefetchCount: 10,
        persistent: true,
      },
    };
  }
}
