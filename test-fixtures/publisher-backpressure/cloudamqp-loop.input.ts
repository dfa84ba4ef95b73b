import { AMQPClient } from '@cloudamqp/amqp-client';

export async function exportRows(rows: string[]) {
  const conn = await new AMQPClient('amqp://localhost').connect();
  const ch = await conn.channel();
  for (const row of rows) {
    void ch.basicPublish('', 'exports', row);
  }
}
