const messaging = require('../../lib/messaging');

async function start() {
  await messaging.connect(process.env.AMQP_URL);
  await messaging.consume('log.request', (entry) => console.log(entry));
  // rabbitmq4-codemod(auto-ack-consumer): consume with noAck: false, call ack(msg) after the
  // handler's work, and set a prefetch (e.g. prefetch(10)) on the channel before consuming
  await messaging.consume('log.debug', (entry) => console.debug(entry), { noAck: true });
}

start();
