import { AMQPClient } from '@cloudamqp/amqp-client';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

// An import job: every line of a file of any size, published as fast as the file is read.
export async function importLines(file: string) {
  const conn = await new AMQPClient('amqp://localhost').connect();
  const ch = await conn.channel();
  const lines = createInterface({ input: createReadStream(file) });
  for await (const line of lines) {
    // rabbitmq4-codemod(publisher-backpressure): await each publish, or collect the promises and
    // await them in batches (e.g. `await Promise.all(batch)` every 1000 messages), so that the loop
    // waits for the library
    void ch.basicPublish('', 'imports', line);
  }
}
