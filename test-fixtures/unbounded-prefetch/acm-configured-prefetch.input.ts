import amqp from 'amqp-connection-manager';
import type { Channel } from 'amqplib';

interface ConfigurationService {
  get<T>(key: string, fallback?: T): T | undefined;
  getOrThrow<T>(key: string): T;
}

interface ConsumerOptions {
  prefetch?: number;
}

// Each prefetch is set from the deployment's configuration or the library user's options.
export function startConsumers(config: ConfigurationService, options: ConsumerOptions) {
  const connection = amqp.connect([config.getOrThrow<string>('amqp.url')]);

  // getOrThrow throws when the key is not set: the code always sets a limit, the deployment sizes it.
  const events = connection.createChannel({
    setup: async (ch: Channel) => {
      await ch.assertQueue('events', { durable: true });
      await ch.prefetch(config.getOrThrow<number>('amqp.prefetch'));
    },
  });
  events.consume('events', (msg) => events.ack(msg));

  // The user's prefetch, else 100.
  const orders = connection.createChannel({
    setup: async (ch: Channel) => {
      await ch.assertQueue('orders', { durable: true });
      await ch.prefetch(options.prefetch ?? 100);
    },
  });
  orders.consume('orders', (msg) => orders.ack(msg));

  // A configuration read with a fallback of its own.
  const mails = connection.createChannel({
    setup: async (ch: Channel) => {
      await ch.assertQueue('mails', { durable: true });
      await ch.prefetch(config.get<number>('amqp.mailPrefetch', 20)!);
    },
  });
  mails.consume('mails', (msg) => mails.ack(msg));

  // Unset configuration gives undefined, which amqplib sends as prefetch 0: unlimited.
  const audit = connection.createChannel({
    setup: async (ch: Channel) => {
      await ch.assertQueue('audit', { durable: true });
      await ch.prefetch(config.get<number>('amqp.auditPrefetch')!);
    },
  });
  audit.consume('audit', (msg) => audit.ack(msg));

  // `?? 0` falls back to unlimited.
  const reports = connection.createChannel({
    setup: async (ch: Channel) => {
      await ch.assertQueue('reports', { durable: true });
      await ch.prefetch(options.prefetch ?? 0);
    },
  });
  reports.consume('reports', (msg) => reports.ack(msg));
}
