import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload, RmqContext } from '@nestjs/microservices';

// The broker drives the retry: below the limit the message is nacked without requeue into a TTL wait queue that
// dead-letters back (4.x counts each of those); at the limit a copy goes to a parking queue and the original is acked.
// The nack is a closure handed to a helper, and the count reaches the helper as a parameter.
@Controller()
export class EmailProcessor {
  private maxRetries = 15;

  @EventPattern('send_email')
  async handleEmail(@Payload() data: { email: string }, @Ctx() context: RmqContext) {
    const channel = context.getChannelRef();
    const originalMsg = context.getMessage();
    const headers = originalMsg.properties.headers;
    const ack = () => channel.ack(originalMsg);
    const nack = () => channel.nack(originalMsg, false, false);

    if (!headers['x-death']) {
      await this.firstExecution(data.email, nack, ack);
    } else {
      const retryCount = headers['x-death'][0].count ?? 1;
      await this.retryExecution(data, retryCount, channel, originalMsg, nack, ack);
    }
  }

  private async retryExecution(data: { email: string }, attempt: number, channel: any, originalMsg: any, nack: () => void, ack: () => void) {
    try {
      await send(data.email);
      ack();
    } catch {
      const nextAttempt = attempt + 1;
      if (nextAttempt >= this.maxRetries) {
        channel.sendToQueue('email_queue_dlq', originalMsg.content, { persistent: true, headers: originalMsg.properties.headers });
        ack();
      } else {
        nack();
      }
    }
  }

  private async firstExecution(email: string, nack: () => void, ack: () => void) {
    try {
      await send(email);
      ack();
    } catch {
      nack();
    }
  }

  @EventPattern('send_sms')
  async handleSms(@Payload() data: { phone: string }, @Ctx() context: RmqContext) {
    const channel = context.getChannelRef();
    const msg = context.getMessage();
    const attempts = msg.properties.headers?.['x-death']?.[0]?.count ?? 0;
    try {
      await sms(data.phone);
      channel.ack(msg);
    } catch {
      if (attempts < 3) {
        channel.nack(msg, false, false);
      } else {
        channel.sendToQueue('sms_parking_lot', msg.content, { headers: msg.properties.headers });
        channel.ack(msg);
      }
    }
  }
}

declare function send(email: string): Promise<void>;
declare function sms(phone: string): Promise<void>;
