import amqp from 'amqplib';

export async function setup(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  // drop-head by default: falls back to at-most-once
  // rabbitmq4-codemod(at-least-once-dead-lettering): set x-overflow: 'reject-publish' (setting
  // x-max-length or x-max-length-bytes too is recommended), or set them through a policy (overflow,
  // dead-letter-exchange): an existing queue refuses changed arguments (406 inequivalent arg) until
  // it is recreated, while a policy applies to it as it is
  await ch.assertQueue('orders', { deadLetterExchange: 'dlx', arguments: { 'x-queue-type': 'quorum', 'x-dead-letter-strategy': 'at-least-once' } });
  // no dead-letter exchange: dead lettering is off
  // rabbitmq4-codemod(at-least-once-dead-lettering): set x-dead-letter-exchange to the exchange
  // that receives dead-lettered messages (setting x-max-length or x-max-length-bytes too is
  // recommended), or set them through a policy (overflow, dead-letter-exchange): an existing queue
  // refuses changed arguments (406 inequivalent arg) until it is recreated, while a policy applies
  // to it as it is
  await ch.assertQueue('payments', { overflow: 'reject-publish', arguments: { 'x-queue-type': 'quorum', 'x-dead-letter-strategy': 'at-least-once' } });
  // neither
  // rabbitmq4-codemod(at-least-once-dead-lettering): set x-overflow: 'reject-publish' and set
  // x-dead-letter-exchange to the exchange that receives dead-lettered messages (setting
  // x-max-length or x-max-length-bytes too is recommended), or set them through a policy (overflow,
  // dead-letter-exchange): an existing queue refuses changed arguments (406 inequivalent arg) until
  // it is recreated, while a policy applies to it as it is
  await ch.assertQueue('invoices', { arguments: { 'x-queue-type': 'quorum', 'x-dead-letter-strategy': 'at-least-once', 'x-overflow': 'drop-head' } });
}
