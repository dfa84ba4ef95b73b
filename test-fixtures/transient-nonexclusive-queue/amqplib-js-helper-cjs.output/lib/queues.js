async function declareQueue(ch, name, opts) {
  return ch.assertQueue(name, opts);
}

/** Two levels: the default of this wrapper decides. */
async function declareScratch(channel, name, durable = true) {
  return declareQueue(channel, name, { durable });
}

async function declareLogged(ch, name, durable) {
  console.log(`declaring ${name} (durable: ${durable})`);
  return ch.assertQueue(name, { durable });
}

module.exports = { declareQueue, declareScratch, declareLogged };
