// A helper that declares the work queues: its own options literal asks a quorum queue for priorities.
import type { Channel } from 'amqplib';

export const JOBS_QUEUE = 'typeorm.jobs';

export async function declareJobsQueue(ch: Channel): Promise<void> {
  await ch.assertQueue(JOBS_QUEUE, { durable: true, arguments: { 'x-queue-type': 'quorum', 'x-max-priority': 10 } });
}
