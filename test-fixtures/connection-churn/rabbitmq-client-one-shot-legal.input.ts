// A seed script: one connection and one publisher for every message, closed at the end.
import { Connection } from 'rabbitmq-client';

async function main() {
  const rabbit = new Connection(process.env.RABBIT_URL);
  const publisher = rabbit.createPublisher({ confirm: true });
  await Promise.all(['a', 'b', 'c'].map((id) => publisher.send('seed', { id })));
  await publisher.close();
  await rabbit.close();
}

void main();
