import * as Amqp from 'amqp-ts';

const connection = new Amqp.Connection('amqp://localhost');

export const tasks = connection.declareQueue('tasks', {
  arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 10 },
});
export const cache = connection.declareQueue('cache', {});
