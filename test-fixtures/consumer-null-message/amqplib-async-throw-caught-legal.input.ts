// Null checks an async handler writes that end nothing: a throw its own try/catch takes, a return, an exit the
// author chose, a throw in a synchronous handler (amqplib's dispatch closes the connection, the author's choice).
import * as amqp from 'amqplib';

export async function startWorkers(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.prefetch(10);
  await ch.consume('emails', async (msg) => {
    try {
      if (!msg) throw new Error('consumer cancelled by the broker');
      await send(msg.content);
      ch.ack(msg);
    } catch (err) {
      console.error('email failed', err);
    }
  });
  await ch.consume('sms', async (msg) => {
    if (msg === null) return;
    await send(msg.content);
    ch.ack(msg);
  });
  await ch.consume('push', async (msg) => {
    if (!msg) {
      console.error('consumer cancelled');
      process.exit(1);
    }
    await send(msg.content);
    ch.ack(msg);
  });
  await ch.consume('fax', (msg) => {
    if (!msg) throw new Error('consumer cancelled');
    void send(msg.content).then(() => ch.ack(msg));
  });
}

async function send(body: Buffer) {
  return body.length;
}
