import amqp from 'amqplib';
import { attemptsFromHeaders, deliveryAttempts } from './retry';

export async function start(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.prefetch(10);
  await ch.consume('orders', (msg) => {
    if (!msg) return;
    if (deliveryAttempts(msg) >= 3) ch.publish('parking-lot', '', msg.content);
    else ch.publish('orders-retry', '', msg.content, { headers: msg.properties.headers });
    ch.ack(msg);
  });
  await ch.consume('payments', (msg) => {
    if (!msg) return;
    if (attemptsFromHeaders(msg.properties.headers) < 3) ch.sendToQueue('payments-retry', msg.content);
    ch.ack(msg);
  });
}
