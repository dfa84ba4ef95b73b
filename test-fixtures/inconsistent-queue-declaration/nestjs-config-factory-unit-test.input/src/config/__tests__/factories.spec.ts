import { createReceiverConfig } from '../factories';

// A unit test of the factory: each case builds a config object and reads it back; nothing connects, so the
// cases' different dead-letter exchanges for 'q.analytics' never meet on a broker.
describe('createReceiverConfig', () => {
  const base = { url: 'amqp://localhost:5672', queue: 'q.analytics', exchange: 'events' };

  it('dead-letters to the retry exchange by default', () => {
    const config = createReceiverConfig(base);
    expect(config.options?.queueOptions?.arguments?.['x-dead-letter-exchange']).toBe('events.retry');
  });

  it('takes a custom retry exchange', () => {
    const config = createReceiverConfig({ ...base, retryExchange: 'custom.retry' });
    expect(config.options?.queueOptions?.arguments?.['x-dead-letter-exchange']).toBe('custom.retry');
  });
});
