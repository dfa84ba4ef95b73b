// No RabbitMQ client here: a mock with the same method names must not be reported.
const channel = { assertQueue: (name: string, opts: { durable: boolean }) => ({ name, opts }) };

export function declare() {
  return channel.assertQueue('not-rabbitmq', { durable: false });
}
