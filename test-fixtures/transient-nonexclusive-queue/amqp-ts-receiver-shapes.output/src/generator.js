// A class whose methods run generators with co: `const that = this` inside the generator, co.call(this, ...).
const co = require('co');

class Worker {
  constructor(connection) {
    this.connection = connection;
  }

  open() {
    return co.call(this, function* () {
      const that = this;
      yield that.connection.declareQueue('ledger', { durable: true });
    });
  }
}

module.exports = { Worker };
