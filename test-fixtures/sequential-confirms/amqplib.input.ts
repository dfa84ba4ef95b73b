import amqp from 'amqplib';

export async function publishAll(url: string, bodies: Buffer[]) {
  const ch = await (await amqp.connect(url)).createConfirmChannel();
  for (const body of bodies) {
    ch.publish('events', 'created', body);
    await ch.waitForConfirms();
  }
}
