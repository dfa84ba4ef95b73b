import { connect } from 'amqp-connection-manager';

const manager = connect(['amqp://localhost']);
const wrapper = manager.createChannel({ json: true });

export async function declare() {
  await wrapper.assertQueue('cache-invalidation', { durable: true });
  await wrapper.assertQueue('orders', { durable: true });
}
