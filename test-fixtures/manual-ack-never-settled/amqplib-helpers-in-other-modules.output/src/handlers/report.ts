import type { ConsumeMessage } from 'amqplib';

export async function processReport(msg: ConsumeMessage, onDone: (msg: ConsumeMessage) => void) {
  const report = JSON.parse(msg.content.toString());
  await render(report);
  onDone(msg);
}

async function render(report: unknown) {
  return report;
}
