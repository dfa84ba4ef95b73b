import { queueFor, rawQueue } from './broker';

export async function start() {
  const emails = await queueFor('emails');
  await emails.subscribe({ noAck: false }, async (msg) => {
    console.log(msg.bodyString());
    await msg.ack();
  });
  const bounces = await rawQueue('bounces');
  // rabbitmq4-codemod(unbounded-prefetch): call ch.prefetch(N) on the channel before consuming,
  // with N the number of messages the handler may work on at once (10 to 100 is typical)
  await bounces.subscribe({ noAck: false }, async (msg) => {
    console.log(msg.bodyString());
    await msg.ack();
  });
}
