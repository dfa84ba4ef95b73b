const { openChannel } = require('./rabbit');

async function start(handle) {
  const ch = await openChannel();
  await ch.consume('jobs', async (msg) => {
    if (!msg) return;
    await handle(msg.content);
    ch.ack(msg);
  });
}

module.exports = { start };
