import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload, RmqContext } from '@nestjs/microservices';

const MAX_RETRIES = 5;

// The client drives the retry: below the limit the handler sends the message itself into a wait queue (a per-message
// TTL, dead-lettered back to the work queue) and acks the original. On 4.x the copy starts a new x-death count.
@Controller()
export class NotificationsProcessor {
  @EventPattern('notification.send')
  async handleNotification(@Payload() data: { email: string }, @Ctx() context: RmqContext) {
    const channel = context.getChannelRef();
    const originalMsg = context.getMessage();
    const headers = originalMsg.properties.headers;
    try {
      await deliver(data.email);
      channel.ack(originalMsg);
    } catch {
      const retryCount = headers['x-death'] ? headers['x-death'][0].count : 0;
      if (retryCount >= MAX_RETRIES) {
        channel.ack(originalMsg);
        return;
      }
      channel.sendToQueue('notifications.wait', originalMsg.content, { expiration: 1000 * (retryCount + 1), headers });
      channel.ack(originalMsg);
    }
  }
}

declare function deliver(email: string): Promise<void>;
