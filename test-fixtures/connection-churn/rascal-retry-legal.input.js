// Start-up that retries Broker.create until it succeeds, then returns.
const { BrokerAsPromised: Broker } = require('rascal');
const config = require('./rascal.json');

class BrokerManager {
  constructor() {
    this.broker = null;
  }

  async initBroker() {
    const maxRetries = 5;
    for (let i = 0; i < maxRetries; i++) {
      try {
        this.broker = await Broker.create(config);
        return;
      } catch (error) {
        if (i < maxRetries - 1) await new Promise((resolve) => setTimeout(resolve, 5000));
        else throw error;
      }
    }
  }
}

module.exports = new BrokerManager();
