import amqp from 'amqplib';

/** Opens, publishes one message, closes: fine once, churn when a handler calls it for every message. */
export async function publishResult(body: Buffer) {
  // rabbitmq4-codemod(connection-churn): this opens a connection once per message (in
  // publishResult() (called at src/worker.ts:9), in the consume handler at src/worker.ts:7): open
  // it once at start-up and reuse it for every message
  const conn = await amqp.connect(process.env.AMQP_URL!);
  // rabbitmq4-codemod(connection-churn): this opens a channel once per message (in publishResult()
  // (called at src/worker.ts:9), in the consume handler at src/worker.ts:7): open it once at
  // start-up and reuse it for every message
  const ch = await conn.createChannel();
  ch.sendToQueue('results', body);
  await ch.close();
  await conn.close();
}
