import * as Amqp from 'amqp-ts';

const connection = new Amqp.Connection('amqp://localhost');

export const events = connection.declareQueue('events', { exclusive: true, arguments: { 'x-queue-type': 'stream' } });
