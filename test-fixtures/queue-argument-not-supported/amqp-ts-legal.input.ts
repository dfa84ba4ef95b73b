import * as Amqp from 'amqp-ts';

const connection = new Amqp.Connection('amqp://localhost');

// A classic queue accepts x-max-priority and the promoted options amqp-ts documents.
export const tasks = connection.declareQueue('tasks', { maxLength: 1000, messageTtl: 30000, expires: 600000, arguments: { 'x-max-priority': 10 } });
