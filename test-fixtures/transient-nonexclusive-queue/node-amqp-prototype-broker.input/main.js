var MsgBroker = require('./broker.js');

MsgBroker.subscribe('updates', { durable: false, autoDelete: true }, undefined, function () {});
