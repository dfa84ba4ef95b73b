// Flow types without a pragma: the file's type annotations are read by Babel's flow plugin.
const amqp = require('amqplib/callback_api');

type Handler = (body: Buffer) => void;

function listen(url: string, name: string, onBody: Handler): void {
  amqp.connect(url, (err: ?Error, conn) => {
    if (err) throw err;
    conn.createChannel((err2: ?Error, ch) => {
      if (err2) throw err2;
      ch.assertQueue(name, { durable: false, autoDelete: false });
      ch.consume(name, (msg) => msg && onBody(msg.content), { noAck: true });
    });
  });
}

listen(process.env.AMQP_URL || 'amqp://localhost', 'audit-log', (body) => console.log(body.toString()));
