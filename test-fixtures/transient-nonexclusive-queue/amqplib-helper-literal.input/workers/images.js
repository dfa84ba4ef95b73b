const amqp = require('amqplib');
const { declareWorkQueue, declareQueue } = require('../lib/queues');

async function main() {
  const channel = await (await amqp.connect(process.env.AMQP_URL)).createChannel();
  await declareWorkQueue(channel, 'images');
  await declareWorkQueue(channel, 'thumbnails');
  await declareQueue(channel, 'uploads', { durable: false });
  await declareQueue(channel, 'kept', { durable: true });
}

main();
