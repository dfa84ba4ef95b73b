// A conditional spread that can only add `concurrency` leaves the rest of the props known: the passive check of a
// queue declared durable elsewhere declares nothing, and noAck stays rabbitmq-client's default (manual ack).
import { Connection } from 'rabbitmq-client';

const connection = new Connection(process.env.RABBIT_URL);

export async function start(queue: string, concurrency?: number) {
  await connection.queueDeclare({ queue, durable: true });
  return connection.createConsumer(
    {
      queue,
      queueOptions: { passive: true },
      qos: { prefetchCount: 50 },
      ...(concurrency !== undefined ? { concurrency } : {}),
    },
    async (msg) => {
      console.log(msg.body);
    },
  );
}
