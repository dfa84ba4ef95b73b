import * as Amqp from 'amqp-ts';

const connection = new Amqp.Connection('amqp://localhost');

export function declareWorkQueues() {
  const jobs = connection.declareQueue('jobs', { durable: false });
  const mails = connection.declareQueue('mails', { durable: false, autoDelete: true, messageTtl: 60000 });
  return [jobs, mails];
}

export function declareTopology() {
  return connection.declareTopology({
    exchanges: [{ name: 'audit', type: 'fanout' }],
    queues: [
      { name: 'audit.log', options: { durable: false } },
    ],
    bindings: [{ source: 'audit', queue: 'audit.log' }],
  });
}

export function listen() {
  // amqp-ts declares its own queue here, with { durable: false }.
  const logs = connection.declareExchange('logs', 'fanout');
  return logs.activateConsumer((message) => {
    console.log(message.getContent());
    message.ack();
  });
}
