import { createRabbit } from './rabbit';

export async function main() {
  await using rabbit = createRabbit(process.env.RABBIT_URL ?? 'amqp://localhost');
  const consumer = rabbit.createConsumer(
    { queue: 'reports', queueOptions: { durable: true }, qos: { prefetchCount: 5 } },
    async (msg) => {
      console.log('report', msg.body);
    },
  );
  await new Promise((resolve) => consumer.once('error', resolve));
}
