const amqplib = require('./util/amqplib');

async function listen(queue) {
  const channel = await amqplib.getChannel();
  await channel.assertQueue(queue, { durable: true, arguments: { 'x-queue-type': 'quorum' } });
  await channel.prefetch(1);
  channel.consume(queue, function (msg) {
    const body = JSON.parse(msg.content.toString());
    console.log(body);
    channel.ack(msg);
  });
}

listen('message.queue');
