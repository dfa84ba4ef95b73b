// A class whose methods run generators with co: `const that = this` inside the generator, co.call(this, ...).
const co = require('co');

class Worker {
  constructor(broker) {
    this.broker = broker;
  }

  open() {
    return co.call(this, function* () {
      const that = this;
      yield that.broker.addQueue('ledger', { durable: true });
    });
  }
}

module.exports = { Worker };
