import { Connection, ConsumerStatus } from 'rabbitmq-client';

const rabbit = new Connection('amqp://localhost');
const QUORUM = { durable: true, arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 10 } };

// A throw dead-letters (requeue: false) and DROP is a nack without requeue: nothing comes back.
export const payments = rabbit.createConsumer({ queue: 'payments', queueOptions: QUORUM, qos: { prefetchCount: 10 }, requeue: false }, async (msg) => {
  if (!(await charge(msg.body))) throw new Error('declined');
  if (msg.redelivered) return ConsumerStatus.DROP;
});

// The throw is caught inside the handler: the library acks.
export const audit = rabbit.createConsumer({ queue: 'audit', queueOptions: QUORUM, qos: { prefetchCount: 10 } }, async (msg) => {
  try {
    if (!msg.body) throw new Error('empty');
    await charge(msg.body);
  } catch (err) {
    console.error(err);
  }
});

// A classic queue: its requeues never counted toward a delivery limit.
export const classic = rabbit.createConsumer({ queue: 'classic-jobs', queueOptions: { durable: true }, qos: { prefetchCount: 10 } }, async () => ConsumerStatus.REQUEUE);

declare function charge(body: unknown): Promise<boolean>;
