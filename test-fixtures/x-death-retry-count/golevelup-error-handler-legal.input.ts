import { Injectable } from '@nestjs/common';
import { AmqpConnection, RabbitSubscribe, defaultNackErrorHandler } from '@golevelup/nestjs-rabbitmq';

// The broker drives the retry: a throw goes to defaultNackErrorHandler (nack without requeue), and the queue
// dead-letters through a TTL retry queue back to itself. The publish in the block that throws is an audit copy sent
// aside; the one past the limit is a parking lot.
@Injectable()
export class ReportsHandler {
  constructor(private readonly amqp: AmqpConnection) {}

  @RabbitSubscribe({
    exchange: 'reports',
    routingKey: 'report.requested',
    queue: 'reports.requested',
    queueOptions: { deadLetterExchange: 'reports.retry' },
    errorHandler: defaultNackErrorHandler,
  })
  async onReportRequested(request: { id: string }, _raw: unknown, headers: Record<string, any>) {
    const deaths: Array<{ count: number }> = headers?.['x-death'] ?? [];
    const count = deaths.length ? deaths[0].count : 0;
    try {
      await build(request.id);
    } catch (err) {
      if (count >= 4) {
        await this.amqp.publish('reports.parking', 'report.requested', request, { headers });
        return;
      }
      await this.amqp.publish('audit', 'report.failed', request, { headers });
      throw err;
    }
  }
}

declare function build(id: string): Promise<void>;
