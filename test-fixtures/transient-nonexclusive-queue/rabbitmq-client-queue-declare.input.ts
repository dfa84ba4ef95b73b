import { Connection } from 'rabbitmq-client';

const rabbit = new Connection(process.env.RABBITMQ_URL);

export async function declareTopology(): Promise<void> {
  await rabbit.queueDeclare('jobs');
  await rabbit.queueDeclare({ queue: 'audit', durable: false });
  await rabbit.queueDeclare({
    queue: 'notifications',
    autoDelete: true,
    arguments: { 'x-message-ttl': 60000 },
  });
  const ch = await rabbit.acquire();
  const { queue: replies } = await ch.queueDeclare();
  console.log(`replies go to ${replies}`);
  await ch.close();
}
