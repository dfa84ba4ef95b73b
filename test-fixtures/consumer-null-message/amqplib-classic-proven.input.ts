// Server-named exclusive queues are classic whatever the vhost's default: the reason given is the deletion, not
// 4.3's quorum consumer timeout, and the finding is an info.
import amqp from 'amqplib';

export async function subscribe(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertExchange('logs', 'fanout', { durable: true });
  const q = await ch.assertQueue('', { exclusive: true });
  await ch.bindQueue(q.queue, 'logs', '');
  await ch.prefetch(10);
  await ch.consume(q.queue, (msg) => {
    console.log(msg.content.toString());
    ch.ack(msg);
  });

  const { queue } = await ch.assertQueue('', { exclusive: true });
  await ch.bindQueue(queue, 'logs', '');
  await ch.consume(queue, (msg) => {
    console.log(msg.fields.routingKey);
    ch.ack(msg);
  });

  const tasks = await ch.assertQueue('tasks', { durable: true, arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 10 } });
  await ch.consume(tasks.queue, (msg) => {
    console.log(msg.content.toString());
    ch.ack(msg);
  });
}

// The callback and promise forms of the same declarations.
export function subscribeCallbacks(ch: import('amqplib/callback_api').Channel) {
  ch.assertQueue('', { exclusive: true }, (err, q) => {
    if (err) throw err;
    ch.consume(q.queue, (msg) => console.log(msg.content.toString()), { noAck: true });
  });
}

export function subscribePromise(ch: amqp.Channel) {
  return ch.assertQueue('', { exclusive: true }).then((q) => ch.consume(q.queue, (msg) => console.log(msg.content.toString()), { noAck: true }));
}
