import { Connection } from 'rabbitmq-client';

const rabbit = new Connection('amqp://localhost');

export async function serve() {
  // rabbitmq4-codemod(direct-reply-to-binding): remove the binding: a direct reply-to queue
  // receives only messages published to its own name on the default exchange; bind an ordinary
  // (exclusive) reply queue instead if replies must come through an exchange
  await rabbit.queueBind({ queue: 'amq.rabbitmq.reply-to', exchange: 'replies', routingKey: '#' });
  const ch = await rabbit.acquire();
  await ch.basicQos({ prefetchCount: 10 });
  // rabbitmq4-codemod(manual-ack-never-settled): settle every message the handler receives: ack it
  // when its work is done (and nack or reject it when it fails), or consume with noAck: true if
  // losing messages on a crash is acceptable
  await ch.basicConsume({ queue: 'rpc' }, async (msg) => {
    // rabbitmq4-codemod(direct-reply-to-binding): remove the binding: a direct reply-to queue
    // receives only messages published to its own name on the default exchange; bind an ordinary
    // (exclusive) reply queue instead if replies must come through an exchange
    await ch.queueBind({ queue: msg.replyTo, exchange: 'events', routingKey: 'order.*' });
    // An ordinary queue: nothing to report.
    await ch.queueBind({ queue: 'orders', exchange: 'events', routingKey: 'order.*' });
  });
}
