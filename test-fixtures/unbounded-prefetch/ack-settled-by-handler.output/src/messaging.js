// Consumer helpers whose options come from callers outside this project (a shared library).
const amqp = require('amqplib');

exports.consume = async function consume(url, queueName, handler, options) {
  const channel = await (await amqp.connect(url)).createChannel();
  // rabbitmq4-codemod(unbounded-prefetch): call prefetch(N) on the channel before consume, with N
  // the number of messages the handler may work on at once (10 to 100 is typical)
  await channel.consume(queueName, async (msg) => {
    if (!msg) return;
    try {
      await handler(msg);
      channel.ack(msg);
    } catch (err) {
      channel.nack(msg, false, false);
    }
  }, { noAck: false, ...options.consumerOptions });
};

exports.listen = async function listen(url, queueName, handler, options) {
  const channel = await (await amqp.connect(url)).createChannel();
  // rabbitmq4-codemod(unbounded-prefetch): call prefetch(N) on the channel before consume, with N
  // the number of messages the handler may work on at once (10 to 100 is typical)
  await channel.consume(queueName, (msg) => handler(msg), { ...options });
};

// noAck: true written before the spread: the handler's ack closes the channel unless the options say
// otherwise, so the mode stays for a human to check.
exports.legacy = async function legacy(url, queueName, handler, options) {
  const channel = await (await amqp.connect(url)).createChannel();
  // rabbitmq4-codemod(auto-ack-consumer): consume with noAck: false, call ack(msg) after the
  // handler's work, and set a prefetch (e.g. prefetch(10)) on the channel before consuming
  await channel.consume(queueName, (msg) => {
    if (msg === null) { /* consumer cancelled by the broker */ return; }
    handler(msg);
    channel.ack(msg);
  }, { noAck: true, ...options.consumerOptions });
};
