import amqp from 'amqplib';

// An export job: every row published as fast as the loop runs, whatever the channel's buffer says.
export async function exportRows(url: string, rows: { id: number }[]) {
  const ch = await (await amqp.connect(url)).createChannel();
  for (const row of rows) {
    ch.sendToQueue('exports', Buffer.from(JSON.stringify(row)), { persistent: true });
  }
  rows.forEach((row) => {
    ch.publish('audit', 'row.exported', Buffer.from(String(row.id)));
  });
}
