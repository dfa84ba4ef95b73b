// amqp-connection-manager: a setup channel consuming the direct reply-to pseudo-queue, never cancelled.
import amqp from 'amqp-connection-manager';
import type { Channel } from 'amqplib';

const wrapper = amqp.connect(['amqp://localhost']).createChannel({
  setup: (ch: Channel) =>
    ch.consume('amq.rabbitmq.reply-to', (msg) => handleReply(msg!.properties.correlationId, msg!.content), { noAck: true }),
});

declare function handleReply(id: string, body: Buffer): void;

export { wrapper };
