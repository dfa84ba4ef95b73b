// A tap on a queue that acknowledges automatically, on the channel the base class holds.
module.exports = (base) => class extends base {
  tap(queue, fn) {
    // rabbitmq4-codemod(auto-ack-consumer): consume with noAck: false, call ack(msg) after the
    // handler's work, and set a prefetch (e.g. prefetch(10)) on the channel before consuming
    return this.channel.consume(queue, fn, { noAck: true });
  }
};
