// A one-shot publisher: connect, publish the batch, close.
import { AMQPClient } from '@cloudamqp/amqp-client';

async function run() {
  const conn = await new AMQPClient(process.env.AMQP_URL!).connect();
  const ch = await conn.channel();
  await ch.confirmSelect();
  const q = await ch.queue('reports');
  await Promise.all(Array.from({ length: 100 }, (_, i) => q.publish(`report ${i}`)));
  await conn.close();
}

run().catch(console.error);
