export { RabbitMqMessagingService } from './RabbitMqMessagingService';
export { container } from './container';
