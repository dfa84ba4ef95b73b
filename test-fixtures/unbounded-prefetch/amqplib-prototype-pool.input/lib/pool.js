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
    await channel.consume(queue, function (msg) {
      handler(msg);
      channel.ack(msg);
    });
  }
};

module.exports = ChannelPool;
