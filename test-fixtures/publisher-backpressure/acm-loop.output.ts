import amqp from 'amqp-connection-manager';
import type { Knex } from 'knex';

// amqp-connection-manager queues every message in the process until the broker confirms it: a table streamed row by
// row is published as fast as the database gives the rows, and nothing waits for the wrapper.
export async function exportOrders(db: Knex) {
  const connection = amqp.connect(['amqp://localhost']);
  const wrapper = connection.createChannel({ json: true });
  for await (const row of db('orders').select('*').stream()) {
    // rabbitmq4-codemod(publisher-backpressure): await each publish, or collect the promises and
    // await them in batches (e.g. `await Promise.all(batch)` every 1000 messages), so that the loop
    // waits for the library
    wrapper.sendToQueue('exports', { row }).catch((err: Error) => console.error(err));
  }
}
