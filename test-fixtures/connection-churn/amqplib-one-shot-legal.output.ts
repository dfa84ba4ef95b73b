// A one-shot script: main() opens one connection, publishes every message, and closes.
import amqp from 'amqplib';

async function main() {
  const conn = await amqp.connect(process.env.AMQP_URL ?? 'amqp://localhost');
  const ch = await conn.createConfirmChannel();
  for (let i = 0; i < 20000; i++) {
    // rabbitmq4-codemod(publisher-backpressure): wait when the buffer is full:
    // `if (!ch.sendToQueue(...)) await once(ch, 'drain')` (once from node:events), so that the loop
    // waits instead of the memory growing; publisher confirms do not do this (they say the broker
    // has the message, not that the buffer has room)
    ch.sendToQueue('load-test', Buffer.from(`message ${i}`));
  }
  await ch.waitForConfirms();
  await ch.close();
  await conn.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
