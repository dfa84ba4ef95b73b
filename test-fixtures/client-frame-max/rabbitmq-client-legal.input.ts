import { Connection } from 'rabbitmq-client';

export const rabbit = new Connection({ url: 'amqp://guest:guest@rabbit.internal:5672', frameMax: 16384 });
export const defaults = new Connection('amqp://guest:guest@rabbit.internal:5672');
// rabbitmq-client reads no frameMax from the URL: its own default applies.
export const ignored = new Connection('amqp://guest:guest@rabbit.internal:5672?frameMax=4096');
export const ignoredInOptions = new Connection({ url: 'amqp://guest:guest@rabbit.internal:5672?frameMax=4096' });
