import { AMQPClient, AMQPSession } from '@cloudamqp/amqp-client';

export async function replay(url: string): Promise<void> {
  const conn = await new AMQPClient(url).connect();
  const ch = await conn.channel();
  await ch.queueDeclare('events', {}, { 'x-queue-type': 'stream' });
  await ch.prefetch(100);
  // rabbitmq4-codemod(stream-consumer-requirements): pass { noAck: false } (@cloudamqp/amqp-client
  // defaults noAck to true here), call msg.ack() after the handler's work (acks are the credit that
  // advances the consumer), and call ch.prefetch(N) (N > 0) on the channel before consuming the
  // stream
  await ch.basicConsume('events', { args: { 'x-stream-offset': 'first' } }, (msg) => {
    console.log(msg.bodyString());
  });

  const session = await AMQPSession.connect(url);
  const audit = await session.queue('audit', { arguments: { 'x-queue-type': 'stream' } });
  // rabbitmq4-codemod(stream-consumer-requirements): subscribe to the stream with prefetch: N (N >
  // 0) and without noAck: true (the library then acknowledges each message after the callback
  // returns, and requeues it if the callback throws)
  await audit.subscribe({ args: { 'x-stream-offset': 'last' } }, async (msg) => {
    console.log(msg.bodyString());
  });
}
