import { AMQPClient } from '@cloudamqp/amqp-client';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

// An import job: every line of a file of any size, published as fast as the file is read.
export async function importLines(file: string) {
  const conn = await new AMQPClient('amqp://localhost').connect();
  const ch = await conn.channel();
  const lines = createInterface({ input: createReadStream(file) });
  for await (const line of lines) {
    void ch.basicPublish('', 'imports', line);
  }
}
