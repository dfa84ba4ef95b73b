import { injectable } from 'inversify';
import { connect, Channel, Connection } from 'amqplib';
import { IConnectionManager } from './IConnectionManager';

// A fresh connection on every call: nothing is kept.
@injectable()
export class ConnectionManager implements IConnectionManager {
  async connect(): Promise<Connection> {
    return await connect('amqp://localhost');
  }

  async createChannel(connection: Connection): Promise<Channel> {
    return await connection.createChannel();
  }
}
