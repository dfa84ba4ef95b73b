import { AMQPClient, AMQPMessage } from '@cloudamqp/amqp-client';

export async function startWorkers(url: string): Promise<void> {
  const conn = await new AMQPClient(url).connect();
  const ch = await conn.channel();
  // basicConsume acknowledges automatically unless noAck: false is passed.
  await ch.basicConsume('invoices', {}, (msg: AMQPMessage) => {
    console.log(msg.bodyString());
  });

  // @cloudamqp/amqp-client v2/v3: AMQPQueue.subscribe() defaults to noAck: true as well.
  const q = await ch.queue('receipts');
  await q.subscribe({ exclusive: false }, (msg) => {
    console.log(msg.bodyString());
  });
}
