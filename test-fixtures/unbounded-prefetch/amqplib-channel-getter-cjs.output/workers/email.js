const { getChannel } = require('../lib/mq');

async function main() {
  const ch = await getChannel();
  await ch.assertQueue('email', { durable: true });
  // rabbitmq4-codemod(unbounded-prefetch): call prefetch(N) on the channel before consume, with N
  // the number of messages the handler may work on at once (10 to 100 is typical)
  ch.consume('email', async (msg) => {
    await sendEmail(JSON.parse(msg.content.toString()));
    ch.ack(msg);
  });
}

main();
