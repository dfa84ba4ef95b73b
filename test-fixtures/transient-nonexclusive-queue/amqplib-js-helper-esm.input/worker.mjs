import amqp from 'amqplib';
import declareWork, { declareQueue } from './lib/queues.mjs';
import { AUDIT, ORDERS } from './lib/options.mjs';

const conn = await amqp.connect(process.env.AMQP_URL);
const ch = await conn.createChannel();
await declareQueue(ch, 'orders', ORDERS);
await declareQueue(ch, 'audit', AUDIT);
await declareWork(ch, 'work');
await declareWork(ch, 'kept', true);
