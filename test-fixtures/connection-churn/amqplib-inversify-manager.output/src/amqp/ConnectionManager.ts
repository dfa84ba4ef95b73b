import { injectable } from 'inversify';
import { connect, Channel, Connection } from 'amqplib';
import { IConnectionManager } from './IConnectionManager';

// A fresh connection on every call: nothing is kept.
@injectable()
export class ConnectionManager implements IConnectionManager {
  async connect(): Promise<Connection> {
    // rabbitmq4-codemod(connection-churn): this opens a connection once per message (in connect()
    // (called at src/RabbitMqMessagingService.ts:23), from processMessages() (called at
    // src/RabbitMqMessagingService.ts:12), in each call of RabbitMqMessagingService.sendMessage()
    // at src/RabbitMqMessagingService.ts:11, which the module exports and which publishes on it):
    // open it once at start-up and reuse it for every message
    return await connect('amqp://localhost');
  }

  async createChannel(connection: Connection): Promise<Channel> {
    // rabbitmq4-codemod(connection-churn): this opens a channel once per message (in
    // createChannel() (called at src/RabbitMqMessagingService.ts:24), from processMessages()
    // (called at src/RabbitMqMessagingService.ts:12), in each call of
    // RabbitMqMessagingService.sendMessage() at src/RabbitMqMessagingService.ts:11, which the
    // module exports and which publishes on it): open it once at start-up and reuse it for every
    // message
    return await connection.createChannel();
  }
}
