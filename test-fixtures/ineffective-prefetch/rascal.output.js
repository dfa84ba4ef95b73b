const { BrokerAsPromised, withDefaultConfig } = require('rascal');

module.exports = async () => {
  const broker = await BrokerAsPromised.create(
    withDefaultConfig({
      vhosts: { '/': { queues: ['clicks'] } },
      subscriptions: {
        // rabbitmq4-codemod(auto-ack-consumer): set options.noAck to false on the subscription
        // (rascal's default) and call ackOrNack() in the 'message' handler after its work; the
        // subscription's prefetch (10 by default) then limits what the broker pushes
        clicks: { queue: 'clicks', prefetch: 50, options: { noAck: true } },
      },
    }),
  );
  return broker;
};
