// A handler whose message parameter is typed gets the null check and a type that admits the null it tests for, so a
// strict project still type-checks (`msg: ConsumeMessage` becomes `msg: ConsumeMessage | null`); a type that already
// admits null, `any` or `unknown`, and an untyped parameter keep their text.
import amqp, { type ConsumeMessage } from 'amqplib';

export async function start(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('orders', { arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 5 } });
  await ch.prefetch(10);
  await ch.consume('orders', async (msg: ConsumeMessage) => {
    const order = JSON.parse(msg.content.toString());
    ch.ack(msg);
    return order;
  });
  await ch.consume('orders', (msg: amqp.ConsumeMessage) => {
    ch.ack(msg);
  });
  await ch.consume('orders', (msg: ConsumeMessage | undefined) => {
    ch.ack(msg!);
  });
  await ch.consume('orders', (msg: ConsumeMessage | null) => {
    ch.ack(msg!);
  });
  await ch.consume('orders', (msg: any) => {
    ch.ack(msg);
  });
}
