import { consumer } from '../lib/mq';

(async () => {
  // Work queue: prefetch 1 and manual ack on this call's channel.
  await consumer(async (ch) => {
    const q = await ch.assertQueue('task_queue', { durable: true });
    await ch.prefetch(1);
    await ch.consume(q.queue, async (res) => {
      if (!res) return;
      console.log(JSON.parse(res.content.toString()));
      ch.ack(res);
    }, { noAck: false });
  });

  // Publish/subscribe: another call, another channel: the prefetch above is not on it.
  await consumer(async (ch) => {
    await ch.assertExchange('msgs', 'fanout', { durable: false });
    const q = await ch.assertQueue('', { exclusive: true });
    await ch.bindQueue(q.queue, 'msgs', '');
    // rabbitmq4-codemod(auto-ack-consumer): consume with noAck: false, call ack(msg) after the
    // handler's work, and set a prefetch (e.g. prefetch(10)) on the channel before consuming
    await ch.consume(q.queue, (res) => {
      if (res) console.log(res.content.toString());
    }, { noAck: true });
  });

  // Logs: a prefetch on this call's own channel, with automatic ack.
  await consumer(async (ch) => {
    const q = await ch.assertQueue('', { exclusive: true });
    await ch.prefetch(10);
    // rabbitmq4-codemod(auto-ack-consumer): consume with noAck: false, call ack(msg) after the
    // handler's work, and set a prefetch (e.g. prefetch(10)) on the channel before consuming
    await ch.consume(q.queue, (res) => {
      if (res) console.log(res.content.toString());
    }, { noAck: true });
  });
})();
