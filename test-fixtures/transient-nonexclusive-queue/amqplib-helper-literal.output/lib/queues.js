async function declareWorkQueue(channel, name) {
  await channel.assertQueue(name, { durable: true });
}

async function declareQueue(channel, name, options) {
  await channel.assertQueue(name, options);
}

module.exports = { declareWorkQueue, declareQueue };
