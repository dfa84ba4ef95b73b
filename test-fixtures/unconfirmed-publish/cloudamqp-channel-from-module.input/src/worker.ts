// The channel is made (and put in confirm mode, or not) in a module of its own: the worker publishes a retry copy
// on the plain channel and acks the original, so a lost copy is a lost message; the audit channel confirms.
import type { AMQPMessage } from '@cloudamqp/amqp-client';
import { getChannel, getConfirmChannel } from './broker';

export async function startWorker() {
  const ch = await getChannel();
  const jobs = await ch.queue('jobs');
  const retry = await ch.queue('jobs.retry');
  await jobs.subscribe({ noAck: false }, async (msg: AMQPMessage) => {
    try {
      await run(msg.bodyToString());
    } catch {
      await retry.publish(msg.body, { headers: { 'retry-count': 1 } });
    }
    await msg.ack();
  });
}

export async function audit(entry: string) {
  const ch = await getConfirmChannel();
  const q = await ch.queue('audit');
  await q.publish(entry);
}
declare function run(s: string | null): Promise<void>;
