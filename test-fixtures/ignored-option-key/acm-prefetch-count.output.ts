// amqp-connection-manager's ChannelWrapper.consume reads `prefetch`; `prefetchCount` (Nest's name) never arrives.
import * as amqp from 'amqp-connection-manager';

const connection = amqp.connect(['amqp://localhost']);
const channel = connection.createChannel({ json: true });

export function listen(handle: (msg: unknown) => Promise<void>) {
  // rabbitmq4-codemod(unbounded-prefetch): call prefetch(N) on the channel before consume, with N
  // the number of messages the handler may work on at once (10 to 100 is typical)
  return channel.consume('invoices', async (msg) => {
    await handle(msg);
    channel.ack(msg);
  }, { prefetchCount: 10 });
}
