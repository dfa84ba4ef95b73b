import { Connection } from 'rabbitmq-client';

export const rabbit = new Connection({ url: 'amqp://guest:guest@rabbit.internal:5672', frameMax: 16384 });
export const defaults = new Connection('amqp://guest:guest@rabbit.internal:5672');
