import type { Channel, Connection } from 'amqplib';

export interface IConnectionManager {
  connect(): Promise<Connection>;
  createChannel(connection: Connection): Promise<Channel>;
}
