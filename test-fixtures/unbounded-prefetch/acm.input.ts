import amqp from 'amqp-connection-manager';

const wrapper = amqp.connect(['amqp://localhost']).createChannel();

export async function listen() {
  await wrapper.consume('bounded', (msg) => wrapper.ack(msg), { prefetch: 10 });
  await wrapper.consume('unbounded', (msg) => wrapper.ack(msg));
}
