// A static helper that opens a connection and a channel on every call, sends one message and closes.
import amqplib from 'amqplib';

export class Publisher {
  static async send(queue: string, body: unknown) {
    // rabbitmq4-codemod(connection-churn): this opens a connection once per request (in send()
    // (called at src/server.ts:7), in the HTTP route handler at src/server.ts:6): open it once at
    // start-up and reuse it for every request
    const connection = await amqplib.connect(process.env.RABBITMQ_URL ?? 'amqp://localhost');
    // rabbitmq4-codemod(connection-churn): this opens a channel once per request (in send() (called
    // at src/server.ts:7), in the HTTP route handler at src/server.ts:6): open it once at start-up
    // and reuse it for every request
    const channel = await connection.createChannel();
    channel.sendToQueue(queue, Buffer.from(JSON.stringify(body)), { persistent: true });
    await channel.close();
    await connection.close();
  }
}
