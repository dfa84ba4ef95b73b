import { Injectable } from '@nestjs/common';
import * as amqp from 'amqplib';

@Injectable()
export class OrdersService {
  async notify(order: { id: string }) {
    // rabbitmq4-codemod(connection-churn): this opens a connection once per request (in notify()
    // (called at src/orders.controller.ts:10), in the HTTP route handler (@Post) at
    // src/orders.controller.ts:8): open it once at start-up and reuse it for every request
    const connection = await amqp.connect(process.env.AMQP_URL!);
    // rabbitmq4-codemod(connection-churn): this opens a channel once per request (in notify()
    // (called at src/orders.controller.ts:10), in the HTTP route handler (@Post) at
    // src/orders.controller.ts:8): open it once at start-up and reuse it for every request
    const channel = await connection.createChannel();
    channel.sendToQueue('orders', Buffer.from(JSON.stringify(order)));
    await channel.close();
    await connection.close();
  }
}
