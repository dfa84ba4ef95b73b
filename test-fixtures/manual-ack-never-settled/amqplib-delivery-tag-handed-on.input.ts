// The handler queues each delivery's tag with its body; a worker loop settles them later by tag.
import * as amqp from 'amqplib';

interface Job {
  body: string;
  deliveryTag: number;
}

async function main(): Promise<void> {
  const connection = await amqp.connect('amqp://localhost');
  const ch = await connection.createChannel();
  await ch.assertQueue('jobs', { durable: true });
  await ch.prefetch(10);
  const pending: Job[] = [];
  await ch.consume('jobs', (msg) => {
    if (!msg) return;
    pending.push({ body: msg.content.toString(), deliveryTag: msg.fields.deliveryTag });
  });
  setInterval(() => {
    const job = pending.shift();
    if (!job) return;
    console.log(job.body);
    ch.ack({ fields: { deliveryTag: job.deliveryTag } } as amqp.Message);
  }, 100);
}

main();
