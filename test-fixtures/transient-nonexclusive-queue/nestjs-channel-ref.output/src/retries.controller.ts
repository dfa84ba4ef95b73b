import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload, RmqContext } from '@nestjs/microservices';

@Controller()
export class RetriesController {
  @EventPattern('order.failed')
  async onFailed(@Payload() order: { id: string }, @Ctx() context: RmqContext) {
    const channel = context.getChannelRef();
    await channel.assertQueue('order.retries', { durable: true });
    channel.sendToQueue('order.retries', Buffer.from(JSON.stringify(order)));
    channel.ack(context.getMessage());
  }
}
