const messaging = require('../../lib/messaging');

async function start() {
  await messaging.connect(process.env.AMQP_URL);
  await messaging.consume('log.request', (entry) => console.log(entry));
  await messaging.consume('log.debug', (entry) => console.debug(entry), { noAck: true });
}

start();
