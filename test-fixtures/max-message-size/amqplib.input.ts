import amqp from 'amqplib';

const MIB = 1024 * 1024;
const REPORT_SIZE = 64 * MIB;

export async function publishReports(url: string) {
  const ch = await (await amqp.connect(url)).createConfirmChannel();
  ch.sendToQueue('thumbnails', Buffer.alloc(20 * 1024 * 1024));
  const report = Buffer.alloc(REPORT_SIZE);
  ch.publish('reports', 'monthly', report, { persistent: true });
  await ch.waitForConfirms();
}
