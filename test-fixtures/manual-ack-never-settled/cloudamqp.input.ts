// @cloudamqp/amqp-client: basicConsume with noAck: false leaves every ack to the callback (msg.ack()).
import { AMQPClient } from '@cloudamqp/amqp-client';

export async function start(url: string) {
  const ch = await (await new AMQPClient(url).connect()).channel();
  await ch.queueDeclare('thumbnails', { durable: true });
  await ch.prefetch(4);
  await ch.basicConsume('thumbnails', { noAck: false }, (msg) => {
    console.log('resize', msg.bodyString());
  });
  await ch.basicConsume('thumbnails', { noAck: false }, async (msg) => {
    console.log('resize', msg.bodyString());
    await msg.ack();
  });
}
