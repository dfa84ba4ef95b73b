import { AMQPClient } from '@cloudamqp/amqp-client';

const CHUNK = 24 * 1024 * 1024;

export async function send(url: string) {
  const conn = await new AMQPClient(url).connect();
  const ch = await conn.channel();
  await ch.confirmSelect();
  await ch.basicPublish('', 'uploads', new Uint8Array(CHUNK), { deliveryMode: 2 });
  const q = await ch.queue('uploads');
  await q.publish(new Uint8Array(1024));
}
