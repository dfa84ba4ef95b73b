const Connection = require('./amqp/connection.js');
const Consumer = require('./amqp/consumer.js');

const DefaultOptions = Object.freeze({
  prefetch: 5,
  consumerQueues: [],
});

// The library's defaults under the caller's options: prefetch 5 unless the caller sets one.
exports.init = function (url, options = {}) {
  options = { ...DefaultOptions, ...options };
  Connection.init(url, () => {
    Consumer.start(options.consumerQueues, options);
  });
};
