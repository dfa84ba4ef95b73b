const amqp = require('amqplib/callback_api');

let amqpConn = null;

exports.init = (url, onReady) => {
  amqp.connect(url, (err, conn) => {
    if (err) throw err;
    amqpConn = conn;
    onReady();
  });
};

exports.connection = () => amqpConn;
