import { connect } from 'nats';

export async function run() {
  const nc = await connect({ servers: 'localhost:4222' });
  nc.publish('orders.created', new TextEncoder().encode('x'));
  const sub = nc.subscribe('orders.*');
  for await (const m of sub) console.log(m.subject);
  const js = nc.jetstream();
  const consumer = await js.consumers.get('ORDERS', 'worker');
  const messages = await consumer.consume({ max_messages: 10 });
  for await (const m of messages) m.ack();
}
