const { BrokerAsPromised, withTestConfig } = require('rascal');
const config = require('../config.json');

let broker;

before(async () => {
  broker = await BrokerAsPromised.create(withTestConfig(config));
});

after(async () => {
  await broker.nuke();
});
