import * as amqp from 'amqplib';
import { Consumer } from './consumer';
import { OrderService } from './services/order.service';
import { AuditService } from './services/audit.service';
import { RabbitClient } from './services/rabbit.client';

async function main() {
  const conn = await amqp.connect(process.env.AMQP_URL ?? 'amqp://localhost');
  const rabbit = new RabbitClient(await conn.createChannel());
  await new Consumer(new OrderService(rabbit), new AuditService()).start(process.env.AMQP_URL ?? 'amqp://localhost');
}

main();
