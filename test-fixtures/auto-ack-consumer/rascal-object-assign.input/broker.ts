// A rascal config whose subscriptions are added under computed names with Object.assign.
import Broker from 'rascal';

export async function start(key: string) {
  const subscription = { queue: `events:${key}`, options: { noAck: true } };
  const subscriptions: Record<string, unknown> = {};
  Object.assign(subscriptions, { [`events_sub:${key}`]: subscription });
  const broker = await Broker.BrokerAsPromised.create({
    vhosts: {
      '/': {
        queues: { [`events:${key}`]: { options: { durable: true } } },
        subscriptions,
      },
    },
  });
  const session = await broker.subscribe(`events_sub:${key}`);
  session.on('message', (_message, content, ackOrNack) => ackOrNack());
}
