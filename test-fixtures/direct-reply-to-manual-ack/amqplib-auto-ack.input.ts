// The direct reply-to consumer as the broker requires it: automatic ack. Nothing to report.
import amqp from 'amqplib';

export async function rpcClient(url: string) {
  const conn = await amqp.connect(url);
  const ch = await conn.createChannel();
  await ch.consume(
    'amq.rabbitmq.reply-to',
    (msg) => {
      if (msg) console.log(msg.properties.correlationId, msg.content.toString());
    },
    { noAck: true },
  );
  return ch;
}
