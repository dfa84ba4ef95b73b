// A class whose methods run generators with co: `const that = this` inside the generator, co.call(this, ...).
const co = require('co');

class Ledger {
  constructor(channel) {
    this.channel = channel;
  }

  open() {
    return co.call(this, function* () {
      const that = this;
      yield that.channel.assertQueue('ledger', { durable: true });
      // rabbitmq4-codemod(unbounded-prefetch): call prefetch(N) on the channel before consume, with
      // N the number of messages the handler may work on at once (10 to 100 is typical)
      that.channel.consume('ledger', (msg) => that.channel.ack(msg));
    });
  }
}

module.exports = { Ledger };
