import amqp from 'amqplib';
import express from 'express';
import { saveCommit } from './db';

// A push webhook: one message per commit of the push, each after its database write. The request bounds the loop.
export async function start(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  const app = express();
  app.use(express.json());
  app.post('/webhooks/push', async (req, res) => {
    const { commits } = req.body;
    for (const commit of commits) {
      await saveCommit(commit);
      notify(ch, commit);
    }
    res.status(204).end();
  });
  app.listen(3000);
}

function notify(ch: amqp.Channel, commit: { id: string }) {
  ch.publish('git', 'commit.pushed', Buffer.from(JSON.stringify(commit)));
}
