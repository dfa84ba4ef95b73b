var ChannelPool = require('./lib/pool');

var pool = new ChannelPool(process.env.AMQP_URL, 4);
pool.open().then(function () {
  return pool.consumeAll('jobs', function (msg) {
    console.log(msg.content.toString());
  });
});
