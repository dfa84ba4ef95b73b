import * as Amqp from 'amqp-ts';

const connection = new Amqp.Connection('amqp://localhost');

export const events = connection.declareQueue('events', { arguments: { 'x-queue-type': 'stream', 'x-max-age': '7D' } });
