// The channel comes from a container the tool cannot read, and the handlers from factories: the consumers are still
// reported, with their evidence (the call's shape and the project's use of amqplib), as literal callbacks are.
const { makeInvoiceHandler, consumerFactory } = require('./handlers');

module.exports = async function start(container) {
  const channel = container.resolve('channel');
  const repo = container.resolve('invoiceRepository');
  channel.consume('invoices', makeInvoiceHandler({ channel, repo }));
  channel.consume('audit', consumerFactory(container, 'audit'), { noAck: true });
};
