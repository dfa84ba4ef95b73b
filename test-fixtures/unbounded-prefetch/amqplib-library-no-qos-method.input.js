// The same published wrapper without a prefetch method: a caller of consume() can never bound its consumer, so the
// library's consumer is reported (library mode: what a caller that passes nothing gets).
require('amqplib'); // the package's client; the connection itself is handed in

module.exports = class AMQPChannel {
  constructor() {
    this.channel = null;
  }

  open(connection) {
    return connection.createChannel().then((channel) => {
      this.channel = channel;
    });
  }

  consume(queue, callback) {
    return this.channel.consume(queue, callback).then(({ consumerTag }) => consumerTag);
  }

  ack(message) {
    this.channel.ack(message);
  }
};
