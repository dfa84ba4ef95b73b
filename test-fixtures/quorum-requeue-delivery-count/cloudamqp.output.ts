import { AMQPClient, AMQPSession } from '@cloudamqp/amqp-client';

const QUORUM = { 'x-queue-type': 'quorum', 'x-delivery-limit': 10 };

export async function start() {
  const session = await AMQPSession.connect('amqp://localhost');
  const payments = await session.queue('payments', { durable: true, arguments: QUORUM });
  // v4 subscribe nacks a throw with requeueOnNack, which defaults to true.
  // rabbitmq4-codemod(quorum-requeue-delivery-count): catch the error in the callback and return a
  // failure that should count toward the delivery limit with msg.reject(true) and keep
  // msg.nack(true) for "not now" returns; count retries with x-acquired-count on 4.3 (or a header
  // of your own); consider the 4.3 delayed-retry queue arguments instead of an immediate requeue (a
  // callback that throws is nacked, with requeueOnNack, default true)
  await payments.subscribe({ prefetch: 10 }, async (msg) => {
    if (!(await charge(msg.body))) throw new Error('declined');
  });

  const ch = await (await new AMQPClient('amqp://localhost').connect()).channel();
  await ch.queueDeclare('ledger', { durable: true }, QUORUM);
  await ch.prefetch(10);
  // rabbitmq4-codemod(quorum-requeue-delivery-count): return a failure that should count toward the
  // delivery limit with msg.reject(true) and keep msg.nack(true) for "not now" returns; count
  // retries with x-acquired-count on 4.3 (or a header of your own); consider the 4.3 delayed-retry
  // queue arguments instead of an immediate requeue
  await ch.basicConsume('ledger', { noAck: false }, async (msg) => {
    const attempts = Number(msg.properties.headers?.['x-delivery-count'] ?? 0);
    if (attempts > 3) await msg.reject();
    // Not counted from 4.3: attempts stays where it is.
    else await msg.nack(true);
  });
}

declare function charge(body: unknown): Promise<boolean>;
