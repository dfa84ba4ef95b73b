import { Controller } from '@nestjs/common';
import { EventPattern, MessagePattern, Payload, Ctx, RmqContext } from '@nestjs/microservices';

// The handler hands its RmqContext to a method that counts with x-death and publishes the message back to the work
// exchange itself: the client drives the retry.
@Controller()
export class InvoicesController {
  private readonly maxAttempts = 3;

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
