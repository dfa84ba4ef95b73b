import amqp from 'amqplib';
import { AUDIT_OPTIONS, JOBS, QueueName } from './config';
import limits from './config/limits.json';

const { LEGACY_OPTIONS } = require('./config/legacy');

export async function start(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue(QueueName.Jobs, JOBS);
  await ch.assertQueue(QueueName.Audit, AUDIT_OPTIONS);
  await ch.assertQueue('reports', limits.reports);
  await ch.assertQueue('legacy', LEGACY_OPTIONS);
}
