import { AMQPClient } from '@cloudamqp/amqp-client';

export async function startMetrics(url: string): Promise<void> {
  const conn = await new AMQPClient(url).connect();
  const ch = await conn.channel();
  await ch.prefetch(50);
  // rabbitmq4-codemod(auto-ack-consumer): pass { noAck: false } (@cloudamqp/amqp-client defaults
  // noAck to true here), call msg.ack() after the handler's work, and call ch.prefetch(10) on the
  // channel before consuming
  await ch.basicConsume('metrics', {}, (msg) => {
    console.log(msg.bodyString());
  });
}
