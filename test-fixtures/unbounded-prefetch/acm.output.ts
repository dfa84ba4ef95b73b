import amqp from 'amqp-connection-manager';

const wrapper = amqp.connect(['amqp://localhost']).createChannel();

export async function listen() {
  await wrapper.consume('bounded', (msg) => wrapper.ack(msg), { prefetch: 10 });
  // rabbitmq4-codemod(unbounded-prefetch): call prefetch(N) on the channel before consume, with N
  // the number of messages the handler may work on at once (10 to 100 is typical)
  await wrapper.consume('unbounded', (msg) => wrapper.ack(msg));
}
