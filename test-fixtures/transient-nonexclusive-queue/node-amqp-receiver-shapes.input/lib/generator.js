// Methods that run generators with co: `const that = this` inside the generator, co.call(this, ...).
const co = require('co');

class Outbox {
  constructor(connection) {
    this.connection = connection;
  }

  open() {
    return co.call(this, function* () {
      const that = this;
      that.connection.queue('outbox', { autoDelete: false }, function (q) {
        q.subscribe({ ack: true, prefetchCount: 10 }, (message) => q.shift());
      });
    });
  }
}

module.exports = { Outbox };
