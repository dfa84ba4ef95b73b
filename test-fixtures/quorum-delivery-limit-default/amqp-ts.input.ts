import * as Amqp from 'amqp-ts';

const connection = new Amqp.Connection('amqp://localhost');

export const orders = connection.declareQueue('orders', { arguments: { 'x-queue-type': 'quorum' } });
