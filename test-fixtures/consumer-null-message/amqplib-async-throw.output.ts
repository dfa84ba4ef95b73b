// An async handler that throws on a null message: amqplib ignores the promise the handler returns, so the throw
// is an unhandled rejection that ends the process, as the TypeError would. Reported (annotated), never guarded
// again above the author's check. On a queue the code proves classic it is an info.
import * as amqp from 'amqplib';
import * as assert from 'node:assert';

export async function startWorkers(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.prefetch(10);
  // rabbitmq4-codemod(consumer-null-message): return instead of throwing when the message is null
  // (the broker cancelled the consumer; log it if that matters), and consume again (or reconnect)
  // if the consumer should keep running
  await ch.consume('emails', async (msg) => {
    if (msg === null) throw new Error('consumer cancelled by the broker');
    await send(msg.content);
    ch.ack(msg);
  });
  // rabbitmq4-codemod(consumer-null-message): return instead of throwing when the message is null
  // (the broker cancelled the consumer; log it if that matters), and consume again (or reconnect)
  // if the consumer should keep running
  await ch.consume('sms', async (msg) => {
    assert.ok(msg, 'consumer cancelled');
    await send(msg.content);
    ch.ack(msg);
  });
  const { queue } = await ch.assertQueue('', { exclusive: true });
  await ch.consume(queue, async (msg) => {
    if (!msg) {
      throw new Error('cancelled');
    }
    await send(msg.content);
    ch.ack(msg);
  });
}

async function send(body: Buffer) {
  return body.length;
}
