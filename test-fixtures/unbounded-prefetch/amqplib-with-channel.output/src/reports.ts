import { withChannel } from './amqp';

export function startReports() {
  return withChannel(async (ch) => {
    // rabbitmq4-codemod(unbounded-prefetch): call prefetch(N) on the channel before consume, with N
    // the number of messages the handler may work on at once (10 to 100 is typical)
    await ch.consume('reports', (msg) => {
      if (msg) ch.ack(msg);
    });
  });
}
