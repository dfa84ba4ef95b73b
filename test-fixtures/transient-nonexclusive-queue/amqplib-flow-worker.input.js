/**
 * Image resize worker.
 * @flow strict-local
 */
import type { Channel, ConsumeMessage } from 'amqplib';
import amqp from 'amqplib';

type Job = {| id: string, width: number |};
export type WorkerOptions = { url: string, queue?: string };

const QUEUE: string = 'resize-jobs';

function parseJob(msg: ?ConsumeMessage): ?Job {
  if (!msg) return null;
  return (JSON.parse(msg.content.toString()): any);
}

export async function startWorker({ url, queue = QUEUE }: WorkerOptions): Promise<Channel> {
  const conn = await amqp.connect(url);
  const channel: Channel = await conn.createChannel();
  await channel.assertQueue(queue, { durable: false });
  await channel.consume(
    queue,
    (msg: ?ConsumeMessage): void => {
      const job = parseJob(msg);
      if (job) console.log(`resizing ${job.id} to ${job.width}`);
    },
    { noAck: true },
  );
  return channel;
}
