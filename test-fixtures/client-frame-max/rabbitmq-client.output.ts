import { Connection } from 'rabbitmq-client';

export const rabbit = new Connection({
  url: 'amqp://guest:guest@rabbit.internal:5672',
  frameMax: 8192,
  connectionName: 'orders',
});
