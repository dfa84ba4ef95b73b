// A library that declares its callers' queues: a caller that passes no options gets its defaults, a transient
// queue ({ durable: false, ...options }), which RabbitMQ 4.3 refuses.
'use strict';

class Topology {
  constructor(channel) {
    this.channel = channel;
  }

  /**
   * @param {string} name
   * @param {object} [options]
   */
  createQueue(name, options) {
    return this.channel.assertQueue(name, { durable: false, autoDelete: false, ...options });
  }

  createQueues(names, options) {
    return Promise.all(names.map((name) => this.createQueue(name, options)));
  }
}

module.exports = { Topology };
