import * as Amqp from 'amqp-ts';

const connection = new Amqp.Connection('amqp://localhost');

export function declareWorkQueues() {
  const jobs = connection.declareQueue('jobs', { durable: true });
  const mails = connection.declareQueue('mails', { durable: true, autoDelete: true, messageTtl: 60000 });
  return [jobs, mails];
}

export function declareTopology() {
  return connection.declareTopology({
    exchanges: [{ name: 'audit', type: 'fanout' }],
    queues: [
      { name: 'audit.log', options: { durable: true } },
    ],
    bindings: [{ source: 'audit', queue: 'audit.log' }],
  });
}

export function listen() {
  // amqp-ts declares its own queue here, with { durable: false }.
  const logs = connection.declareExchange('logs', 'fanout');
  // rabbitmq4-codemod(transient-nonexclusive-queue): declare the queue durable: true (add an
  // expires / x-expires TTL if it should disappear when idle), or exclusive: true if only this
  // connection uses it (not rewritten: amqp-ts's exchange.activateConsumer() declares its own queue
  // with { durable: false } and no option changes that: declare a durable queue with
  // connection.declareQueue(name, { durable: true }), bind it with queue.bind(exchange, pattern)
  // and consume it with queue.activateConsumer() instead)
  // rabbitmq4-codemod(unbounded-prefetch): call prefetch(N) on the channel before consume, with N
  // the number of messages the handler may work on at once (10 to 100 is typical)
  return logs.activateConsumer((message) => {
    console.log(message.getContent());
    message.ack();
  });
}
