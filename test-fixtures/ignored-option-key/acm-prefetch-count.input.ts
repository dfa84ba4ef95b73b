// amqp-connection-manager's ChannelWrapper.consume reads `prefetch`; `prefetchCount` (Nest's name) never arrives.
import * as amqp from 'amqp-connection-manager';

const connection = amqp.connect(['amqp://localhost']);
const channel = connection.createChannel({ json: true });

export function listen(handle: (msg: unknown) => Promise<void>) {
  return channel.consume('invoices', async (msg) => {
    await handle(msg);
    channel.ack(msg);
  }, { prefetchCount: 10 });
}
