import amqp from 'amqplib';

// An export job: every row published as fast as the loop runs, whatever the channel's buffer says.
export async function exportRows(url: string, rows: { id: number }[]) {
  const ch = await (await amqp.connect(url)).createChannel();
  for (const row of rows) {
    // rabbitmq4-codemod(publisher-backpressure): wait when the buffer is full:
    // `if (!ch.sendToQueue(...)) await once(ch, 'drain')` (once from node:events), so that the loop
    // waits instead of the memory growing; publisher confirms do not do this (they say the broker
    // has the message, not that the buffer has room)
    ch.sendToQueue('exports', Buffer.from(JSON.stringify(row)), { persistent: true });
  }
  rows.forEach((row) => {
    // rabbitmq4-codemod(publisher-backpressure): wait when the buffer is full:
    // `if (!ch.publish(...)) await once(ch, 'drain')` (once from node:events), so that the loop
    // waits instead of the memory growing; publisher confirms do not do this (they say the broker
    // has the message, not that the buffer has room)
    ch.publish('audit', 'row.exported', Buffer.from(String(row.id)));
  });
}
