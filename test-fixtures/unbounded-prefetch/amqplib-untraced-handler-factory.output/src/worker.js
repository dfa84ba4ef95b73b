// The channel comes from a container the tool cannot read, and the handlers from factories: the consumers are still
// reported, with their evidence (the call's shape and the project's use of amqplib), as literal callbacks are.
const { makeInvoiceHandler, consumerFactory } = require('./handlers');

module.exports = async function start(container) {
  const channel = container.resolve('channel');
  const repo = container.resolve('invoiceRepository');
  // rabbitmq4-codemod(unbounded-prefetch): call prefetch(N) on the channel before consume, with N
  // the number of messages the handler may work on at once (10 to 100 is typical)
  channel.consume('invoices', makeInvoiceHandler({ channel, repo }));
  // rabbitmq4-codemod(auto-ack-consumer): consume with noAck: false, call ack(msg) after the
  // handler's work, and set a prefetch (e.g. prefetch(10)) on the channel before consuming
  channel.consume('audit', consumerFactory(container, 'audit'), { noAck: true });
};
