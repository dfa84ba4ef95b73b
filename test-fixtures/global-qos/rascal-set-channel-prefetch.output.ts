import { BrokerAsPromised, type SubscriberSessionAsPromised } from 'rascal';

export async function consume(broker: BrokerAsPromised): Promise<SubscriberSessionAsPromised> {
  const subscription = await broker.subscribe('emails');
  // rabbitmq4-codemod(global-qos): set prefetch in the subscription config instead of calling
  // setChannelPrefetch() (a channel-wide prefetch) (not rewritten: setChannelPrefetch() has no
  // per-consumer form)
  subscription.setChannelPrefetch(20);
  return subscription;
}
