// A class whose methods run generators with co: `const that = this` inside the generator, co.call(this, ...).
const co = require('co');

class Worker {
  constructor(connection) {
    this.connection = connection;
  }

  open() {
    return co.call(this, function* () {
      const that = this;
      // rabbitmq4-codemod(amqp10-v1-address): make sure the queue exists (declare it before
      // attaching), then attach to '/queues/ledger'
      yield that.connection.open_receiver('/queue/ledger');
    });
  }
}

module.exports = { Worker };
