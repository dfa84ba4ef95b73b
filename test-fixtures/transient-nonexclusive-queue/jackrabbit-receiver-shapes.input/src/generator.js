// A class whose methods run generators with co: `const that = this` inside the generator, co.call(this, ...).
const co = require('co');

class Worker {
  constructor(exchange) {
    this.exchange = exchange;
  }

  open() {
    return co.call(this, function* () {
      const that = this;
      yield that.exchange.queue({ name: 'ledger', durable: false });
    });
  }
}

module.exports = { Worker };
