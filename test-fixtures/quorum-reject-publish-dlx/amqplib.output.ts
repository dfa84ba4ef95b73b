import amqp from 'amqplib';

export async function setup(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  // rabbitmq4-codemod(quorum-reject-publish-dlx): use x-overflow: 'reject-publish' and publish with
  // publisher confirms, re-routing nacked messages in the publisher; an existing queue refuses the
  // changed argument (406 inequivalent arg 'x-overflow'), so delete and recreate it (or move to a
  // new queue name) when deploying the change
  await ch.assertQueue('orders', { overflow: 'reject-publish-dlx', maxLength: 1000, deadLetterExchange: 'dlx', arguments: { 'x-queue-type': 'quorum' } });
  // rabbitmq4-codemod(quorum-reject-publish-dlx): use x-overflow: 'reject-publish' and publish with
  // publisher confirms, re-routing nacked messages in the publisher; an existing queue refuses the
  // changed argument (406 inequivalent arg 'x-overflow'), so delete and recreate it (or move to a
  // new queue name) when deploying the change
  await ch.assertQueue('payments', { arguments: { 'x-queue-type': 'quorum', 'x-overflow': 'reject-publish-dlx', 'x-max-length': 10 } });
}
