const { withNewChannel, withSharedChannel } = require('./mq');

async function main() {
  // A new channel per call: the prefetch set in the first callback is not on the second one's channel.
  await withNewChannel(async (ch) => {
    await ch.prefetch(5);
    await ch.consume('emails', (msg) => msg && ch.ack(msg));
  });
  await withNewChannel(async (ch) => {
    await ch.consume('invoices', (msg) => msg && ch.ack(msg));
  });

  // One channel for every call: the prefetch the first callback sets is on the channel the second consumes on.
  await withSharedChannel(async (ch) => {
    await ch.prefetch(20);
  });
  await withSharedChannel(async (ch) => {
    await ch.consume('reports', (msg) => msg && ch.ack(msg));
  });
}

main();
