// The jobs consumers: this file names no client library; its channel comes from the connection module
// through the barrel, so what it does wrong is seen only with that module.
import { declareJobsQueue, getChannel, JOBS_QUEUE } from './index';

async function runJob(body: { id: string }): Promise<void> {
  console.log('job', body.id);
}

export async function startJobsConsumer(): Promise<void> {
  const ch = await getChannel();
  await declareJobsQueue(ch);
  await ch.consume(JOBS_QUEUE, async (msg) => {
    if (!msg) return;
    await runJob(JSON.parse(msg.content.toString()));
    ch.ack(msg);
  });
}

export async function startAuditTap(): Promise<void> {
  const ch = await getChannel();
  await ch.consume('typeorm.audit', (msg) => msg && console.log('audit', msg.content.toString()), { noAck: true });
}
