import { AMQPClient } from '@cloudamqp/amqp-client';

export async function setup(url: string): Promise<void> {
  const conn = await new AMQPClient(url).connect();
  const ch = await conn.channel();
  // rabbitmq4-codemod(quorum-reject-publish-dlx): use x-overflow: 'reject-publish' and publish with
  // publisher confirms, re-routing nacked messages in the publisher; an existing queue refuses the
  // changed argument (406 inequivalent arg 'x-overflow'), so delete and recreate it (or move to a
  // new queue name) when deploying the change
  await ch.queueDeclare('orders', { durable: true }, { 'x-queue-type': 'quorum', 'x-overflow': 'reject-publish-dlx', 'x-max-length': 100, 'x-delivery-limit': 5 });
  // Negative: a classic queue supports reject-publish-dlx.
  await ch.queueDeclare('classic', { durable: true }, { 'x-overflow': 'reject-publish-dlx', 'x-max-length': 100 });
}
