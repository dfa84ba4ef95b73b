const { BrokerAsPromised, withTestConfig } = require('rascal');
const config = require('../config.json');

let broker;

before(async () => {
  // rabbitmq4-codemod(transient-nonexclusive-queue): set options: { durable: true } on the queue:
  // rascal's test defaults (withTestConfig, testConfig) make every queue non-durable unless its
  // options say durable (not rewritten: the queues are configured in config.json: set
  // options.durable to true on each of them there; production is unchanged, durable is rascal's
  // default)
  broker = await BrokerAsPromised.create(withTestConfig(config));
});

after(async () => {
  await broker.nuke();
});
