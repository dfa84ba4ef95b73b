// A library's publish(): a ChannelWrapper made for each message and closed after it. Its users call publish()
// once per event, so every event opens (and closes) a channel.
import amqp from 'amqp-connection-manager';

const connection = amqp.connect([process.env.AMQP_URL ?? 'amqp://localhost']);

export async function publish(exchange: string, routingKey: string, event: object): Promise<void> {
  // rabbitmq4-codemod(connection-churn): this opens a channel once per message (in each call of
  // publish() at src/index.ts:7, which the module exports and which publishes on it): open it once
  // at start-up and reuse it for every message
  const channelWrapper = connection.createChannel({ json: true });
  try {
    await channelWrapper.publish(exchange, routingKey, event, { persistent: true });
  } finally {
    await channelWrapper.close();
  }
}

// One wrapper for every event: not churn.
const shared = connection.createChannel({ json: true });

export async function publishShared(exchange: string, routingKey: string, event: object): Promise<void> {
  await shared.publish(exchange, routingKey, event, { persistent: true });
}
