import { Connection } from 'rabbitmq-client';

const rabbit = new Connection('amqp://localhost');
const publisher = rabbit.createPublisher({ confirm: true });

export async function importRows(rows: object[]): Promise<void> {
  for (const row of rows) {
    await publisher.send('imports', row);
  }
}
