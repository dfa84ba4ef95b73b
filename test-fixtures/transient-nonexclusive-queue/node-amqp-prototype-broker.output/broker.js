var amqp = require('amqp');

function MsgBroker() {
  this.queues = [];
}

MsgBroker.prototype.createConnection = function (conf) {
  var conn = new amqp.createConnection({ host: conf.host });
  var self = this;
  conn.on('ready', function () {
    self.queues.push(conn);
  });
};

MsgBroker.prototype.subscribe = function (queueName, args, broker, callback) {
  if (broker && !Array.isArray(broker)) {
    broker = [broker];
  } else {
    broker = this.queues;
  }
  broker = broker.filter(function (conn) {
    return conn.state === 3;
  });
  broker.forEach(function (br) {
    var q = br.queue(queueName, args, function () {
      // rabbitmq4-codemod(auto-ack-consumer): consume with noAck: false, call ack(msg) after the
      // handler's work, and set a prefetch (e.g. prefetch(10)) on the channel before consuming
      q.subscribe(callback);
    });
  });
};

var _msg = new MsgBroker();

function getMsgBroker() {
  return _msg;
}

module.exports = getMsgBroker();
