import { injectable, inject } from 'inversify';
import type { Channel, Connection } from 'amqplib';
import { TYPES } from './types';
import { IConnectionManager } from './amqp/IConnectionManager';

// The service gets the manager through its interface, injected by token: it never imports ConnectionManager.
@injectable()
export class RabbitMqMessagingService {
  constructor(@inject(TYPES.ConnectionManager) private connectionManager: IConnectionManager) {}

  async sendMessage(queue: string, message: object): Promise<void> {
    await this.processMessages(queue, [message]);
  }

  async sendBatch(queue: string, messages: object[]): Promise<void> {
    await this.processMessages(queue, messages);
  }

  private async processMessages(queue: string, messages: object[]): Promise<void> {
    let connection: Connection | null = null;
    let channel: Channel | null = null;
    try {
      connection = await this.connectionManager.connect();
      channel = await this.connectionManager.createChannel(connection);
      await channel.assertQueue(queue, { durable: true });
      for (const message of messages) {
        channel.sendToQueue(queue, Buffer.from(JSON.stringify(message)));
      }
    } finally {
      if (channel) await channel.close();
      if (connection) await connection.close();
    }
  }
}
