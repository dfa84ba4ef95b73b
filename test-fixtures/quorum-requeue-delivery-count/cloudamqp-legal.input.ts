import { AMQPClient, AMQPSession } from '@cloudamqp/amqp-client';

const QUORUM = { 'x-queue-type': 'quorum', 'x-delivery-limit': 10 };

export async function start() {
  const session = await AMQPSession.connect('amqp://localhost');
  const payments = await session.queue('payments', { durable: true, arguments: QUORUM });
  // requeueOnNack: false: a throw dead-letters the message.
  await payments.subscribe({ prefetch: 10, requeueOnNack: false }, async (msg) => {
    if (!(await charge(msg.body))) throw new Error('declined');
  });
  // manualAck: the library nacks nothing; nack() defaults to requeue false.
  await payments.subscribe({ prefetch: 10, manualAck: true }, async (msg) => {
    if (await charge(msg.body)) await msg.ack();
    else await msg.nack();
  });

  const ch = await (await new AMQPClient('amqp://localhost').connect()).channel();
  await ch.queueDeclare('ledger', { durable: true }, QUORUM);
  await ch.prefetch(10);
  // reject(true) counts toward the delivery limit on every version.
  await ch.basicConsume('ledger', { noAck: false }, async (msg) => {
    if (!(await charge(msg.body))) await msg.reject(true);
    else await msg.ack();
  });
}

declare function charge(body: unknown): Promise<boolean>;
