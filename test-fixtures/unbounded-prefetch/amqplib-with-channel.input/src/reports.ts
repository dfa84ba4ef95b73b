import { withChannel } from './amqp';

export function startReports() {
  return withChannel(async (ch) => {
    await ch.consume('reports', (msg) => {
      if (msg) ch.ack(msg);
    });
  });
}
