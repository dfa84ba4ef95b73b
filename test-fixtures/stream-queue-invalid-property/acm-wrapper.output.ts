import amqp from 'amqp-connection-manager';

const wrapper = amqp.connect(['amqp://localhost']).createChannel();

export function declare() {
  return wrapper.assertQueue('clicks', { autoDelete: false, arguments: { 'x-queue-type': 'stream' } });
}
