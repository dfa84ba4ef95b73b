import { AMQPClient } from '@cloudamqp/amqp-client';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

// The same import job, awaiting each publish: basicPublish's promise settles once the frame is written to the socket
// (or confirmed), so the loop goes at the pace the socket takes the messages.
export async function importLines(file: string) {
  const conn = await new AMQPClient('amqp://localhost').connect();
  const ch = await conn.channel();
  const lines = createInterface({ input: createReadStream(file) });
  for await (const line of lines) {
    await ch.basicPublish('', 'imports', line);
  }
}
