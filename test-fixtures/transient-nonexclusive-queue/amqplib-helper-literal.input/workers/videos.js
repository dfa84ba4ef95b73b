const amqp = require('amqplib');
const { declareWorkQueue } = require('../lib/queues');

async function main() {
  const channel = await (await amqp.connect(process.env.AMQP_URL)).createChannel();
  await declareWorkQueue(channel, 'videos');
}

main();
