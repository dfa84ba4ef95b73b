import { Container } from 'inversify';
import { TYPES } from './types';
import { ConnectionManager } from './amqp/ConnectionManager';
import { IConnectionManager } from './amqp/IConnectionManager';
import { RabbitMqMessagingService } from './RabbitMqMessagingService';

const container = new Container({ defaultScope: 'Singleton' });
container.bind<IConnectionManager>(TYPES.ConnectionManager).to(ConnectionManager).inSingletonScope();
container.bind<RabbitMqMessagingService>(TYPES.MessagingService).to(RabbitMqMessagingService).inSingletonScope();

export { container };
