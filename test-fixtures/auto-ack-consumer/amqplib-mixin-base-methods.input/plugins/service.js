// Names each consumer's queue after the service, through the base class's queue().
module.exports = (service) => (base) => class extends base {
  consume(binding, fn, options) {
    return this.queue(`${service}:${binding}`, { durable: true }).consume(binding, fn, options);
  }
};
