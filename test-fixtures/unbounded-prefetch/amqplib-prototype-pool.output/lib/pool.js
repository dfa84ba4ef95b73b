var amqp = require('amqplib');

function ChannelPool(url, size) {
  this.url = url;
  this.size = size;
  this.channels = [];
}

ChannelPool.prototype.open = async function () {
  var connection = await amqp.connect(this.url);
  for (var i = 0; i < this.size; i++) {
    this.channels.push(await connection.createChannel());
  }
};

ChannelPool.prototype.consumeAll = async function (queue, handler) {
  for (const channel of this.channels) {
    // rabbitmq4-codemod(unbounded-prefetch): call prefetch(N) on the channel before consume, with N
    // the number of messages the handler may work on at once (10 to 100 is typical)
    await channel.consume(queue, function (msg) {
      if (msg === null) { /* consumer cancelled by the broker */ return; }
      handler(msg);
      channel.ack(msg);
    });
  }
};

module.exports = ChannelPool;
