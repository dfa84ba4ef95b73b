import { Injectable } from '@nestjs/common';
import * as amqp from 'amqplib';

@Injectable()
export class OrdersService {
  async notify(order: { id: string }) {
    const connection = await amqp.connect(process.env.AMQP_URL!);
    const channel = await connection.createChannel();
    channel.sendToQueue('orders', Buffer.from(JSON.stringify(order)));
    await channel.close();
    await connection.close();
  }
}
