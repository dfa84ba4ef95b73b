// A singleton kept in static fields: the connection and the channel are opened the first time, behind a test of the
// field each block sets, and reused by every later call.
import amqplib, { Channel, ChannelModel } from 'amqplib';

export default class RabbitMQ {
  private static connection: Promise<ChannelModel> | null = null;
  private static channel: Promise<Channel> | null = null;

  private constructor() {}

  static async getConnection() {
    if (RabbitMQ.connection === null) {
      const url = process.env.RABBITMQ_URL ?? 'amqp://localhost';
      RabbitMQ.connection = amqplib.connect(url);
    }
    return RabbitMQ.connection;
  }

  static async getChannel() {
    if (RabbitMQ.channel === null) {
      const connection = await amqplib.connect(process.env.RABBITMQ_URL ?? 'amqp://localhost');
      RabbitMQ.channel = connection.createChannel();
    }
    return RabbitMQ.channel;
  }
}
