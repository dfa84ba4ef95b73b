import { injectable } from 'inversify';
import { connect, Channel, Connection } from 'amqplib';
import { IConnectionManager } from './IConnectionManager';

// The same manager, but it keeps its connection and channel: the first call opens them, later calls reuse them.
@injectable()
export class ConnectionManager implements IConnectionManager {
  private connection?: Connection;
  private channel?: Channel;

  async connect(): Promise<Connection> {
    if (!this.connection) this.connection = await connect('amqp://localhost');
    return this.connection;
  }

  async createChannel(connection: Connection): Promise<Channel> {
    if (!this.channel) this.channel = await connection.createChannel();
    return this.channel;
  }
}
