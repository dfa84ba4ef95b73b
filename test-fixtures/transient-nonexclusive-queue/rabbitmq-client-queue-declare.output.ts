import { Connection } from 'rabbitmq-client';

const rabbit = new Connection(process.env.RABBITMQ_URL);

export async function declareTopology(): Promise<void> {
  await rabbit.queueDeclare({ queue: 'jobs', durable: true });
  await rabbit.queueDeclare({ queue: 'audit', durable: true });
  await rabbit.queueDeclare({
    queue: 'notifications',
    autoDelete: true,
    arguments: { 'x-message-ttl': 60000 },
    durable: true,
  });
  const ch = await rabbit.acquire();
  const { queue: replies } = await ch.queueDeclare({ exclusive: true });
  console.log(`replies go to ${replies}`);
  await ch.close();
}
