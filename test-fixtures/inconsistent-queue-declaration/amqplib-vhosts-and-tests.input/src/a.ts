import amqp from 'amqplib';

// Two vhosts: queue 'jobs' of vhost 'eu' is not queue 'jobs' of vhost 'us'.
export async function eu() {
  const ch = await (await amqp.connect('amqp://broker/eu')).createChannel();
  await ch.assertQueue('jobs', { maxPriority: 5 });
}

export async function us() {
  const ch = await (await amqp.connect('amqp://broker/us')).createChannel();
  await ch.assertQueue('jobs', { arguments: { 'x-queue-type': 'quorum' } });
}
