import { Connection } from 'rabbitmq-client';

export const rabbit = new Connection(process.env.RABBITMQ_URL ?? 'amqp://localhost');
