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
    // rabbitmq4-codemod(transient-nonexclusive-queue): declare the queue durable: true (add an
    // expires / x-expires TTL if it should disappear when idle), or exclusive: true if only this
    // connection uses it (not rewritten: the value it would change is shared with createQueue() at
    // lib/setup.js:9, which does not need the same change; change it for this declaration only)
    return this.channel.assertQueue(name, { durable: false, autoDelete: false, ...options });
  }

  createQueues(names, options) {
    return Promise.all(names.map((name) => this.createQueue(name, options)));
  }
}

module.exports = { Topology };
