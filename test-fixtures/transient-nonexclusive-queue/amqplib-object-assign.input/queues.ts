// Options assembled with Object.assign, as config builders write them.
import amqp from 'amqplib';

const BASE = { durable: true };

export async function declare(url: string, name: string) {
  const ch = await (await amqp.connect(url)).createChannel();

  const jobs: Record<string, unknown> = {};
  Object.assign(jobs, BASE, { arguments: { 'x-queue-type': 'quorum' } });
  await ch.assertQueue('jobs', jobs);

  const scratch: Record<string, unknown> = {};
  Object.assign(scratch, { durable: false });
  await ch.assertQueue('scratch', scratch);

  // Only when asked: whether it ran is decided at run time.
  const maybe: Record<string, unknown> = { durable: true };
  if (process.env.SCRATCH) Object.assign(maybe, { durable: false });
  await ch.assertQueue('maybe', maybe);

  const dynamic: Record<string, unknown> = {};
  Object.assign(dynamic, JSON.parse(process.env.QUEUE_OPTIONS ?? '{}'));
  await ch.assertQueue(name, dynamic);
}
