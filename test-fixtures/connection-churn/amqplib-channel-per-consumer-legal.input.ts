// One long-lived channel per consumer, opened in a loop at start-up: nothing is published or closed per item.
import amqp from 'amqplib';

export async function startConsumers(conn: amqp.ChannelModel, queues: string[]) {
  for (const queue of queues) {
    const ch = await conn.createChannel();
    await ch.prefetch(5);
    await ch.consume(queue, (msg) => {
      if (msg) ch.ack(msg);
    });
  }
}
