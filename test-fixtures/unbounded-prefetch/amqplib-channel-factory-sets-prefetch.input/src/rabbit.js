const amqp = require('amqplib');

const connection = amqp.connect(process.env.AMQP_URL || 'amqp://localhost');

// A new channel per call, each with the prefetch the factory sets before handing it out.
async function openChannel() {
  const ch = await (await connection).createChannel();
  await ch.prefetch(10);
  return ch;
}

module.exports = { openChannel };
