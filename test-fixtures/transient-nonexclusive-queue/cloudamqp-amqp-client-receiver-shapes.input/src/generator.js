// A class whose methods run generators with co: `const that = this` inside the generator, co.call(this, ...).
const co = require('co');

class Worker {
  constructor(channel) {
    this.channel = channel;
  }

  open() {
    return co.call(this, function* () {
      const that = this;
      yield that.channel.queueDeclare('ledger', { durable: false });
    });
  }
}

module.exports = { Worker };
