import { Controller } from '@nestjs/common';
import { EventPattern, MessagePattern, Payload, Ctx, RmqContext } from '@nestjs/microservices';

// The handler hands its RmqContext to a method that counts with x-death and publishes the message back to the work
// exchange itself: the client drives the retry.
@Controller()
export class InvoicesController {
  private readonly maxAttempts = 3;

  // rabbitmq4-codemod(x-death-retry-count): count retries in a header of your own without the x-
  // prefix (e.g. 'retry-count': read it, add 1 when you republish), or let a quorum queue count:
  // its delivery-limit (x-delivery-limit or a delivery-limit policy) and the x-delivery-count
  // header (x-acquired-count from 4.3)
  @EventPattern('invoice.created')
  async onInvoiceCreated(@Payload() invoice: { id: string }, @Ctx() context: RmqContext) {
    try {
      await render(invoice.id);
      context.getChannelRef().ack(context.getMessage());
    } catch {
      this.retryLater(context);
    }
  }

  @MessagePattern('invoice.status')
  status(@Payload() id: string) {
    return { id, status: 'rendered' };
  }

  private retryLater(context: RmqContext) {
    const channel = context.getChannelRef();
    const message = context.getMessage();
    const deaths = message.properties.headers?.['x-death'] ?? [];
    const attempts = deaths.reduce((n: number, d: { count: number }) => n + d.count, 0);
    if (attempts < this.maxAttempts) {
      channel.publish('invoices.retry', message.fields.routingKey, message.content, { headers: message.properties.headers });
    }
    channel.ack(message);
  }
}

declare function render(id: string): Promise<void>;
