import amqp from 'amqplib';

export async function start(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('classic-jobs');
  await ch.assertQueue('quorum-jobs', { arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 10 } });
  await ch.prefetch(10);
  // A classic queue: nack and reject requeue the same way on every version.
  await ch.consume('classic-jobs', (msg) => {
    if (!msg) return;
    ch.nack(msg, false, true);
  });
  // reject(msg, true) counts toward the delivery limit on every version; nack without requeue dead-letters.
  await ch.consume('quorum-jobs', (msg) => {
    if (!msg) return;
    if (msg.fields.redelivered) ch.nack(msg, false, false);
    else ch.reject(msg, true);
  });
  // The queue type is not declared in this project: nothing to say.
  await ch.consume('elsewhere', (msg) => {
    if (!msg) return;
    ch.nack(msg);
  });
}

export async function audit(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('audit', { arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 10 } });
  await ch.prefetch(10);
  // Only reject(msg, true) returns: x-delivery-count counts them on every version.
  await ch.consume('audit', (msg) => {
    if (!msg) return;
    if (Number(msg.properties.headers?.['x-delivery-count'] ?? 0) > 3) ch.reject(msg, false);
    else ch.reject(msg, true);
  });
}
