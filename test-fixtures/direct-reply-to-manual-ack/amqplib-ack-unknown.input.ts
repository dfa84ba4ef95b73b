// Whether the reply consumer acknowledges is decided by the environment: reported as info.
import amqp from 'amqplib';

export async function rpcClient(url: string) {
  const conn = await amqp.connect(url);
  const ch = await conn.createChannel();
  await ch.consume('amq.rabbitmq.reply-to', (msg) => msg && console.log(msg.content.toString()), { noAck: process.env.REPLY_NO_ACK === 'true' });
  return ch;
}
