// The handler only logs each delivery's tag: nothing settles the message.
import * as amqp from 'amqplib';

async function main(): Promise<void> {
  const connection = await amqp.connect('amqp://localhost');
  const ch = await connection.createChannel();
  await ch.assertQueue('audit', { durable: true });
  await ch.prefetch(10);
  await ch.consume('audit', (msg) => {
    if (!msg) return;
    console.log('received', msg.fields.deliveryTag, msg.content.toString());
  });
}

main();
