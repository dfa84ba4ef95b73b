import { AMQPClient } from '@cloudamqp/amqp-client';

// @cloudamqp/amqp-client closes the consumer on a broker cancel (consumer.wait() rejects): the callback never gets null.
export async function start() {
  const conn = await new AMQPClient('amqp://localhost').connect();
  const ch = await conn.channel();
  await ch.prefetch(10);
  await ch.basicConsume('clicks', { noAck: false }, (msg) => {
    store(msg.bodyToString());
    msg.ack();
  });
}

declare function store(body: string | null): void;
