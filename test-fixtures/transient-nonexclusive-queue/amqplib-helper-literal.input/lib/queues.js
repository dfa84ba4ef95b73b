async function declareWorkQueue(channel, name) {
  await channel.assertQueue(name, { durable: false });
}

async function declareQueue(channel, name, options) {
  await channel.assertQueue(name, options);
}

module.exports = { declareWorkQueue, declareQueue };
