const amqp = require('amqplib');

const MAX_ATTEMPTS = 3;

// The broker drives the retry: a failed message is nacked without requeue, dead-lettered into 'jobs.wait' (TTL 30 s),
// and dead-lettered back to 'jobs' when it expires; 4.x counts each round in x-death. The copy the handler publishes
// to the audit exchange beside the nack is a record, not the message that comes back.
async function main() {
  const conn = await amqp.connect(process.env.AMQP_URL);
  const ch = await conn.createChannel();
  await ch.assertQueue('jobs', { durable: true, arguments: { 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': 'jobs.wait' } });
  await ch.assertQueue('jobs.wait', { durable: true, arguments: { 'x-message-ttl': 30000, 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': 'jobs' } });
  await ch.prefetch(5);
  await ch.consume('jobs', async (msg) => {
    if (!msg) return;
    const death = (msg.properties.headers['x-death'] || []).find((d) => d.queue === 'jobs');
    const attempts = death ? death.count : 0;
    try {
      await run(JSON.parse(msg.content.toString()));
      ch.ack(msg);
    } catch (err) {
      if (attempts >= MAX_ATTEMPTS) {
        ch.ack(msg);
        return;
      }
      ch.publish('audit', 'job.failed', msg.content, { headers: msg.properties.headers });
      ch.nack(msg, false, false);
    }
  });
}

async function run(job) {
  if (!job.id) throw new Error('no id');
}

main();
