import type RabbitMqService from '@/services/rabbitmq.service';
import { container } from '@/lib/ioc';
import { TYPES } from '@/lib/types';

(async () => {
  const rabbitmqService = container.get<RabbitMqService>(TYPES.RabbitMqService);
  await rabbitmqService.connect('test');
  await rabbitmqService.consume('test', (message) => {
    if (message != null) console.log(message.content.toString());
  });
})();
