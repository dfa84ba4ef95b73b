import { Connection } from 'rabbitmq-client';

const rabbit = new Connection('amqp://localhost');
const publisher = rabbit.createPublisher({ confirm: true });

export async function importRows(rows: object[]): Promise<void> {
  await Promise.all(rows.map((row) => publisher.send('imports', row)));
}
