const { BrokerAsPromised: Broker, withTestConfig } = require('rascal');
const assert = require('node:assert');

const config = {
  vhosts: {
    '/': {
      queues: {
        'orders.created': {},
        'orders.shipped': {
          options: {
            messageTtl: 60000,
          },
        },
        'orders.replies': { options: { exclusive: true } },
        'orders.archive': { options: { durable: true } },
      },
    },
  },
};

describe('orders', () => {
  let broker;

  beforeEach(async () => {
    broker = await Broker.create(withTestConfig(config));
  });

  afterEach(async () => {
    await broker.nuke();
  });

  it('publishes', async () => {
    const publication = await broker.publish('/orders.created', { id: 1 });
    assert.ok(publication);
  });
});
