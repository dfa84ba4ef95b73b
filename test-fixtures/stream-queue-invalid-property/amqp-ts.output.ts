import * as Amqp from 'amqp-ts';

const connection = new Amqp.Connection('amqp://localhost');

export const events = connection.declareQueue('events', { exclusive: false, arguments: { 'x-queue-type': 'stream' } });
