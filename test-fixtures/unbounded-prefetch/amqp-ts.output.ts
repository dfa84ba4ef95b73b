import * as Amqp from 'amqp-ts';

const connection = new Amqp.Connection('amqp://localhost');

export function consume() {
  const orders = connection.declareQueue('orders');
  // rabbitmq4-codemod(unbounded-prefetch): call prefetch(N) on the channel before consume, with N
  // the number of messages the handler may work on at once (10 to 100 is typical)
  orders.activateConsumer((message) => {
    handle(message.getContent());
    message.ack();
  });

  // The queue amqp-ts declares for an exchange consumer has no prefetch either.
  const events = connection.declareExchange('events', 'topic');
  // rabbitmq4-codemod(transient-nonexclusive-queue): declare the queue durable: true (add an
  // expires / x-expires TTL if it should disappear when idle), or exclusive: true if only this
  // connection uses it (not rewritten: amqp-ts's exchange.activateConsumer() declares its own queue
  // with { durable: false } and no option changes that: declare a durable queue with
  // connection.declareQueue(name, { durable: true }), bind it with queue.bind(exchange, pattern)
  // and consume it with queue.activateConsumer() instead)
  // rabbitmq4-codemod(unbounded-prefetch): call prefetch(N) on the channel before consume, with N
  // the number of messages the handler may work on at once (10 to 100 is typical)
  events.activateConsumer((message) => {
    handle(message.getContent());
    message.ack();
  });
}

function handle(value: unknown) {
  console.log(value);
}
