import * as Amqp from 'amqp-ts';

const connection = new Amqp.Connection('amqp://localhost');

export const orders = connection.declareQueue('orders', { deadLetterExchange: 'orders.dlx', arguments: { 'x-queue-type': 'quorum' } });
export const invoices = connection.declareQueue('invoices', { arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 5 } });
