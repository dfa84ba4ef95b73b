import { BrokerAsPromised, type SubscriberSessionAsPromised } from 'rascal';

export async function consume(broker: BrokerAsPromised): Promise<SubscriberSessionAsPromised> {
  const subscription = await broker.subscribe('emails');
  subscription.setChannelPrefetch(20);
  return subscription;
}
