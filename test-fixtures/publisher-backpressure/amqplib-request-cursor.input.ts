import amqp from 'amqplib';
import express from 'express';
import { Pool } from 'pg';
import Cursor from 'pg-cursor';

// An export endpoint: each request walks the whole orders table through a cursor and publishes every row without
// waiting for the channel. One request is enough to fill the process's memory.
export async function start(url: string, pool: Pool) {
  const ch = await (await amqp.connect(url)).createChannel();
  const app = express();
  app.post('/exports/orders', async (req, res) => {
    const client = await pool.connect();
    const cursor = client.query(new Cursor('SELECT * FROM orders'));
    let rows = await cursor.read(500);
    while (rows.length) {
      for (const row of rows) ch.sendToQueue('exports', Buffer.from(JSON.stringify(row)));
      rows = await cursor.read(500);
    }
    client.release();
    res.status(202).end();
  });
  app.listen(3000);
}
