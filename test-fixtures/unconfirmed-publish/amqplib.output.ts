import amqp from 'amqplib';

export async function publish(url: string, body: Buffer) {
  const ch = await (await amqp.connect(url)).createChannel();
  // rabbitmq4-codemod(unconfirmed-publish): publish on a confirm channel (createConfirmChannel) and
  // wait for the confirm (the publish callback, or waitForConfirms())
  await ch.publish('orders', 'created', body);
  // rabbitmq4-codemod(unconfirmed-publish): publish on a confirm channel (createConfirmChannel) and
  // wait for the confirm (the publish callback, or waitForConfirms())
  if (!ch.sendToQueue('audit', body)) {
    throw new Error('not delivered');
  }
  ch.publish('logs', '', body);
}
