import amqp from 'amqplib';

const MIB = 1024 * 1024;
const REPORT_SIZE = 64 * MIB;

export async function publishReports(url: string) {
  const ch = await (await amqp.connect(url)).createConfirmChannel();
  // rabbitmq4-codemod(max-message-size): keep bodies under 16 MiB (store the payload elsewhere and
  // publish a reference to it, or split it into several messages), or have the operators raise
  // max_message_size in rabbitmq.conf to at least 20971520 (at most 536870912)
  ch.sendToQueue('thumbnails', Buffer.alloc(20 * 1024 * 1024));
  const report = Buffer.alloc(REPORT_SIZE);
  // rabbitmq4-codemod(max-message-size): keep bodies under 16 MiB (store the payload elsewhere and
  // publish a reference to it, or split it into several messages), or have the operators raise
  // max_message_size in rabbitmq.conf to at least 67108864 (at most 536870912)
  ch.publish('reports', 'monthly', report, { persistent: true });
  await ch.waitForConfirms();
}
