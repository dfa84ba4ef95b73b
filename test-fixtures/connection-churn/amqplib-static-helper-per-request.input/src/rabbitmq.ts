// A static helper that opens a connection and a channel on every call, sends one message and closes.
import amqplib from 'amqplib';

export class Publisher {
  static async send(queue: string, body: unknown) {
    const connection = await amqplib.connect(process.env.RABBITMQ_URL ?? 'amqp://localhost');
    const channel = await connection.createChannel();
    channel.sendToQueue(queue, Buffer.from(JSON.stringify(body)), { persistent: true });
    await channel.close();
    await connection.close();
  }
}
