// A published node-amqp consumer written before ES2015 classes: a constructor function whose options start at
// { prefetch: 1 }, a fluent prefetch(value) setter on its prototype, and process() subscribing inside a callback
// bound to the instance (`.bind(this)`, then `var self = this`). The prefetch is 1 unless a caller of prefetch()
// sets another on purpose: set on every path, so nothing is reported.
var amqp = require('amqp');
var EventEmitter = require('events').EventEmitter;
var util = require('util');

function Consumer(starsky, name) {
  this.starsky = starsky;
  this.name = name;
  this.options = { prefetch: 1 };
  EventEmitter.call(this);
}

util.inherits(Consumer, EventEmitter);

Consumer.prototype.prefetch = function (value) {
  this.options.prefetch = value;
  return this;
};

Consumer.prototype.process = function (callback) {
  var options = { durable: true, autoDelete: false };

  this.starsky.connection.queue(this.name, options, function (queue) {
    var self = this;

    function subscribe() {
      var options = { ack: true, prefetchCount: self.options.prefetch };
      queue.subscribe(options, self.onMessage(callback));
    }

    subscribe();
  }.bind(this));
};

Consumer.prototype.onMessage = function (callback) {
  return function (message, headers, deliveryInfo, ack) {
    callback(message, function () { ack.acknowledge(); });
  };
};

module.exports = Consumer;
