import { AMQPClient } from '@cloudamqp/amqp-client';

const CHUNK = 24 * 1024 * 1024;

export async function send(url: string) {
  const conn = await new AMQPClient(url).connect();
  const ch = await conn.channel();
  await ch.confirmSelect();
  // rabbitmq4-codemod(max-message-size): keep bodies under 16 MiB (store the payload elsewhere and
  // publish a reference to it, or split it into several messages), or have the operators raise
  // max_message_size in rabbitmq.conf to at least 25165824 (at most 536870912)
  await ch.basicPublish('', 'uploads', new Uint8Array(CHUNK), { deliveryMode: 2 });
  const q = await ch.queue('uploads');
  await q.publish(new Uint8Array(1024));
}
