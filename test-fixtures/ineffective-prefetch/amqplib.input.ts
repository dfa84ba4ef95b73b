import amqp from 'amqplib';

export async function start(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.prefetch(50);
  await ch.consume('metrics', (msg) => record(msg), { noAck: true });
}

declare function record(m: unknown): void;
