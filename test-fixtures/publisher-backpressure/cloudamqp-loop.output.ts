import { AMQPClient } from '@cloudamqp/amqp-client';

export async function exportRows(rows: string[]) {
  const conn = await new AMQPClient('amqp://localhost').connect();
  const ch = await conn.channel();
  for (const row of rows) {
    // rabbitmq4-codemod(publisher-backpressure): await each publish, or collect the promises and
    // await them in batches (e.g. `await Promise.all(batch)` every 1000 messages), so that the loop
    // waits for the library
    void ch.basicPublish('', 'exports', row);
  }
}
