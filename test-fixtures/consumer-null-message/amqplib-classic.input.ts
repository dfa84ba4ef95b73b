import amqp from 'amqplib';

export async function start(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('reports');
  await ch.prefetch(10);
  await ch.consume('reports', (msg) => {
    render(msg!.content);
    ch.ack(msg!);
  });
}

declare function render(b: Buffer): void;
