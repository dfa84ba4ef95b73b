import { AMQPClient, AMQPMessage } from '@cloudamqp/amqp-client';

export async function startWorkers(url: string): Promise<void> {
  const conn = await new AMQPClient(url).connect();
  const ch = await conn.channel();
  // basicConsume acknowledges automatically unless noAck: false is passed.
  // rabbitmq4-codemod(auto-ack-consumer): pass { noAck: false } (@cloudamqp/amqp-client defaults
  // noAck to true here), call msg.ack() after the handler's work, and call ch.prefetch(10) on the
  // channel before consuming
  await ch.basicConsume('invoices', {}, (msg: AMQPMessage) => {
    console.log(msg.bodyString());
  });

  // @cloudamqp/amqp-client v2/v3: AMQPQueue.subscribe() defaults to noAck: true as well.
  const q = await ch.queue('receipts');
  // rabbitmq4-codemod(auto-ack-consumer): pass { noAck: false } (@cloudamqp/amqp-client defaults
  // noAck to true here), call msg.ack() after the handler's work, and call ch.prefetch(10) on the
  // channel before consuming
  await q.subscribe({ exclusive: false }, (msg) => {
    console.log(msg.bodyString());
  });
}
