import { Connection } from 'rabbitmq-client';

const rabbit = new Connection('amqp://localhost');

export async function serve() {
  await rabbit.queueBind({ queue: 'amq.rabbitmq.reply-to', exchange: 'replies', routingKey: '#' });
  const ch = await rabbit.acquire();
  await ch.basicQos({ prefetchCount: 10 });
  await ch.basicConsume({ queue: 'rpc' }, async (msg) => {
    await ch.queueBind({ queue: msg.replyTo, exchange: 'events', routingKey: 'order.*' });
    // An ordinary queue: nothing to report.
    await ch.queueBind({ queue: 'orders', exchange: 'events', routingKey: 'order.*' });
  });
}
