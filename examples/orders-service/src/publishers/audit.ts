// Publishes an audit event for every order, with rabbitmq-client.
import { Connection } from 'rabbitmq-client';
import { AUDIT_QUEUE } from '../queues';

const rabbit = new Connection(process.env.AMQP_URL ?? 'amqp://localhost');

const publisher = rabbit.createPublisher({
  queues: [{ queue: AUDIT_QUEUE, durable: process.env.AUDIT_DURABLE === 'true' }],
});

export async function audit(event: { orderId: string; action: string }): Promise<void> {
  await publisher.send(AUDIT_QUEUE, event);
}

export async function declareReports(): Promise<void> {
  await rabbit.queueDeclare({ queue: 'reports' });
}
