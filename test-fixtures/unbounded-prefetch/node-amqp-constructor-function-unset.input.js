// The same pre-ES2015 consumer whose options start at { prefetch: 0 }: 0 (unlimited) unless a caller of prefetch()
// sets another, so the prefetch is left to run time and the consumer is reported as an info naming both.
var amqp = require('amqp');
var EventEmitter = require('events').EventEmitter;
var util = require('util');

function Consumer(starsky, name) {
  this.starsky = starsky;
  this.name = name;
  this.options = { prefetch: 0 };
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
