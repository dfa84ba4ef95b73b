import * as amqp from 'amqplib';
import { consumeOrders } from './consumers';
import { applyQos, setupAudit } from './qos';

export async function startC() {
  const conn = await amqp.connect('amqp://c');
  const first = await conn.createChannel();
  await applyQos(first);
  await consumeOrders(first);
  const second = await conn.createChannel();
  await applyQos(second);
  await setupAudit(second);
  const third = await conn.createChannel();
  await setupAudit(third);
}
