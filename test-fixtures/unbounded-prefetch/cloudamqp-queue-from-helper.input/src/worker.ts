import { queueFor, rawQueue } from './broker';

export async function start() {
  const emails = await queueFor('emails');
  await emails.subscribe({ noAck: false }, async (msg) => {
    console.log(msg.bodyString());
    await msg.ack();
  });
  const bounces = await rawQueue('bounces');
  await bounces.subscribe({ noAck: false }, async (msg) => {
    console.log(msg.bodyString());
    await msg.ack();
  });
}
