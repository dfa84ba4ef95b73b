import amqp from 'amqplib';

export async function declareCache(ephemeral: boolean) {
  const ch = await (await amqp.connect('amqp://localhost')).createChannel();
  const options = { durable: true };
  if (ephemeral) options.durable = false;
  await ch.assertQueue('cache', options);

  const fixed = { durable: true };
  await ch.assertQueue('fixed', fixed);
}
