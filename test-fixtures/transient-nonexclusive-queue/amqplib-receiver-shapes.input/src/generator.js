// A class whose methods run generators with co: `const that = this` inside the generator, co.call(this, ...).
const co = require('co');

class Ledger {
  constructor(channel) {
    this.channel = channel;
  }

  open() {
    return co.call(this, function* () {
      const that = this;
      yield that.channel.assertQueue('ledger', { durable: false });
      that.channel.consume('ledger', (msg) => that.channel.ack(msg));
    });
  }
}

module.exports = { Ledger };
