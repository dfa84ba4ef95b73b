import { Module } from '@nestjs/common';
import amqp, { type AmqpConnectionManager, type ChannelWrapper } from 'amqp-connection-manager';
import type { Channel } from 'amqplib';
import { EventsService } from './events.service';
import { AuditService } from './audit.service';

export interface QueueConsumer {
  connection: AmqpConnectionManager;
  channel: ChannelWrapper;
}

export const AUDIT_CONSUMER = 'AuditConsumer';

function queueConsumerFactory(): QueueConsumer {
  const connection = amqp.connect(process.env.AMQP_URL!);
  const channel = connection.createChannel({
    setup: async (ch: Channel) => {
      await ch.assertQueue('events', { durable: true });
      await ch.prefetch(10);
    },
  });
  return { connection, channel };
}

const auditConsumerFactory = (): QueueConsumer => {
  const connection = amqp.connect(process.env.AMQP_URL!);
  const channel = connection.createChannel({ setup: (ch: Channel) => ch.assertQueue('audit', { durable: true }) });
  return { connection, channel };
};

@Module({
  providers: [
    { provide: 'QueueConsumer', useFactory: queueConsumerFactory },
    { provide: AUDIT_CONSUMER, useFactory: auditConsumerFactory },
    EventsService,
    AuditService,
  ],
})
export class QueuesModule {}
