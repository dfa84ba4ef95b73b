// A tap on a queue that acknowledges automatically, on the channel the base class holds.
module.exports = (base) => class extends base {
  tap(queue, fn) {
    return this.channel.consume(queue, fn, { noAck: true });
  }
};
