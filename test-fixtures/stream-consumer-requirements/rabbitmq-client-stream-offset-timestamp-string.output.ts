// rabbitmq-client cannot send an AMQP timestamp: a digit-string time is annotated, naming the offset and the time it means.
import { Connection } from 'rabbitmq-client';

export async function replay(url: string) {
  const rabbit = new Connection(url);
  const ch = await rabbit.acquire();
  await ch.queueDeclare({ queue: 'metrics', durable: true, arguments: { 'x-queue-type': 'stream' } });
  await ch.basicQos({ prefetchCount: 50 });
  // rabbitmq4-codemod(stream-consumer-requirements): x-stream-offset '1691492165' is a time in
  // seconds since the epoch (2023-08-08T10:56:05.000Z), which RabbitMQ refuses as a string:
  // rabbitmq-client cannot send an AMQP timestamp: send an interval back from now that reaches that
  // far ('1h', '7D'), or 'first' and skip the older messages in the handler
  await ch.basicConsume({ queue: 'metrics', arguments: { 'x-stream-offset': '1691492165' } }, (msg) => ch.basicAck({ deliveryTag: msg.deliveryTag }));
}
