import { BrokerAsPromised, withTestConfig } from 'rascal';
import { loadConfig } from './load-config';

export async function testBroker(): Promise<BrokerAsPromised> {
  return BrokerAsPromised.create(withTestConfig(loadConfig('test')));
}
