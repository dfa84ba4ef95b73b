// The service's RabbitMQ wrapper, required through the `@pipeline` module alias.
const amqp = require('amqplib');

class Rabbit {
  async _open() {
    if (!this._chan) {
      this._conn = await amqp.connect(process.env.AMQP_URL);
      this._chan = await this._conn.createChannel();
    }
    return this._chan;
  }

  async declareQueue(name, options = { durable: true }) {
    const ch = await this._open();
    return ch.assertQueue(name, options);
  }
}

module.exports = new Rabbit();
