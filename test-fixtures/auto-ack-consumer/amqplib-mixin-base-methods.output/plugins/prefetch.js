// Gives each consumer a prefetch by calling the base class's own methods.
module.exports = (prefetch) => (base) => class extends base {
  consume(queue, fn, options) {
    if (prefetch > 0) return super.context({ prefetch }).consume(queue, fn, options);
    return super.consume(queue, fn, options);
  }
};
