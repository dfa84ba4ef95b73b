// A published wrapper (CommonJS class export) around one amqplib channel: consume() starts a manual-ack consumer and
// qos(n) sets the prefetch on the same channel. Nothing in the package calls either method with a traced receiver
// (the code that opens channels gets the class injected), so whether a prefetch applies is the callers' choice:
// a caller that never calls qos() gets none, one that does picks n. Not reported; the consumers row is unknown and
// names qos()'s parameter.
var EventEmitter = require('events').EventEmitter;
require('amqplib'); // the package's client; the connection itself is handed in

module.exports = class AMQPChannel extends EventEmitter {
  constructor() {
    super();
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
    return Promise.resolve();
  }

  qos(numberOfMessages) {
    return this.channel.prefetch(numberOfMessages);
  }
};
