// A test helper whose options are a constant of its module: every call gets the same refused durable: false. One
// finding, here (its rewrite edits the constant once), each call a related place; not one per test.
const QUEUE_OPTIONS = { durable: false, autoDelete: true };

async function declareQueue(ch, name) {
  await ch.assertQueue(name, QUEUE_OPTIONS);
  await ch.purgeQueue(name);
  return name;
}

module.exports = { declareQueue };
