// @cloudamqp/amqp-client: basicConsume with noAck: false leaves every ack to the callback (msg.ack()).
import { AMQPClient } from '@cloudamqp/amqp-client';

export async function start(url: string) {
  const ch = await (await new AMQPClient(url).connect()).channel();
  await ch.queueDeclare('thumbnails', { durable: true });
  await ch.prefetch(4);
  // rabbitmq4-codemod(manual-ack-never-settled): settle every message the handler receives: ack it
  // when its work is done (and nack or reject it when it fails), or consume with noAck: true if
  // losing messages on a crash is acceptable
  await ch.basicConsume('thumbnails', { noAck: false }, (msg) => {
    console.log('resize', msg.bodyString());
  });
  await ch.basicConsume('thumbnails', { noAck: false }, async (msg) => {
    console.log('resize', msg.bodyString());
    await msg.ack();
  });
}
