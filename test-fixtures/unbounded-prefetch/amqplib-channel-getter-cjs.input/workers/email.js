const { getChannel } = require('../lib/mq');

async function main() {
  const ch = await getChannel();
  await ch.assertQueue('email', { durable: true });
  ch.consume('email', async (msg) => {
    await sendEmail(JSON.parse(msg.content.toString()));
    ch.ack(msg);
  });
}

main();
