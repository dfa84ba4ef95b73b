import { Container } from 'inversify';
import RabbitMqService from '@/services/rabbitmq.service';
import { TYPES } from '@/lib/types';

export const container = new Container();
container.bind<RabbitMqService>(TYPES.RabbitMqService).to(RabbitMqService).inSingletonScope();
