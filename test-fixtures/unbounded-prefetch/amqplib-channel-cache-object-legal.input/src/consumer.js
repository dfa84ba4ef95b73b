const RabbitMq = require('./rabbit-mq');

const channels = {};

async function consume(queue) {
  const rabbitMq = new RabbitMq(process.env.AMQP_URL, queue);
  await rabbitMq.connect();
  await rabbitMq.createChannel(channels);
  const channel = rabbitMq.getChannel();
  await channel.prefetch(10);
  await channel.consume(queue, async (message) => {
    console.log(message.content.toString());
    channel.ack(message);
  });
}

consume('orders');
