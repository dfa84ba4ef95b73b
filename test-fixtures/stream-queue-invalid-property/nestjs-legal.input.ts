import { Injectable } from '@nestjs/common';
import { ClientProxy, ClientProxyFactory, Transport } from '@nestjs/microservices';

@Injectable()
export class TelemetryPublisher {
  private readonly client: ClientProxy = ClientProxyFactory.create({
    transport: Transport.RMQ,
    options: {
      urls: ['amqp://localhost:5672'],
      queue: 'telemetry',
      queueOptions: { arguments: { 'x-queue-type': 'stream', 'x-max-age': '7D' } },
    },
  });

  report(event: object) {
    return this.client.emit('telemetry', event);
  }
}
