const { BrokerAsPromised, withDefaultConfig } = require('rascal');

module.exports = async () => {
  const broker = await BrokerAsPromised.create(
    withDefaultConfig({
      vhosts: { '/': { queues: ['clicks'] } },
      subscriptions: {
        clicks: { queue: 'clicks', prefetch: 50, options: { noAck: true } },
      },
    }),
  );
  return broker;
};
