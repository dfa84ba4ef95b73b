var MsgBroker = require('./broker.js');

MsgBroker.subscribe('updates', { durable: true, autoDelete: true }, undefined, function () {});
