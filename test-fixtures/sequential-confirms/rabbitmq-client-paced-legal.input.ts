// rabbitmq-client: rows streamed from a cursor, each confirmed before the next is read.
import { Connection } from 'rabbitmq-client';

const rabbit = new Connection('amqp://localhost');
const publisher = rabbit.createPublisher({ confirm: true });

export async function importRows(rows: AsyncIterable<object>): Promise<void> {
  for await (const row of rows) {
    await publisher.send('imports', row);
  }
}
