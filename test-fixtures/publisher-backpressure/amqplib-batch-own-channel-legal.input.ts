import { injectable, inject } from 'inversify';
import type { Channel, Connection } from 'amqplib';
import { TYPES } from './types';

export interface IConnectionManager {
  connect(): Promise<Connection>;
  createChannel(connection: Connection): Promise<Channel>;
}

// A messaging library: each batch gets its own channel, closed after it; the loop goes over the batch the caller
// already holds. The channel's buffer can hold at most that batch (the connection per send is connection-churn's).
@injectable()
export class RabbitMqMessagingService {
  constructor(@inject(TYPES.ConnectionManager) private connectionManager: IConnectionManager) {}

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
