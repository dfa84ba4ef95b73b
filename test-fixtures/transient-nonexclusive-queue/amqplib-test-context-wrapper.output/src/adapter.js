// A wrapper around one amqplib channel: ensureQueue({ name, ...params }) and an overloaded subscribe(queue, options?, handler).
const { connect } = require('amqplib');

class Adapter {
  constructor({ connection, channel }) {
    this.connection = connection;
    this.channel = channel;
  }

  static async connect(url) {
    const connection = await connect(url);
    const channel = await connection.createChannel();
    return new Adapter({ connection, channel });
  }

  async ensureQueue({ name, ...params }) {
    await this.channel.assertQueue(name, params);
  }

  async subscribe(queue, options, handler) {
    if (typeof handler === 'undefined' && typeof options === 'function') {
      handler = options;
      options = {};
    }
    if (typeof handler !== 'function') {
      throw new Error('Handler must be function');
    }
    // rabbitmq4-codemod(unbounded-prefetch): call prefetch(N) on the channel before consume, with N
    // the number of messages the handler may work on at once (10 to 100 is typical)
    await this.channel.consume(queue, (msg) => handler(msg), options || {});
  }
}

module.exports = Adapter;
