// jackrabbit 3.x: queues made on the connection itself (create, handle), on its one channel (prefetch 1 by default).
var jackrabbit = require('jackrabbit');

var queue = jackrabbit(process.env.RABBIT_URL);

queue.on('connected', function () {
  // Legal: jackrabbit 3 declares { durable: options.durable }, true by default (its prefetch option is not read).
  queue.create('jobs', { prefetch: 5 }, onReady);
  // Refused: durable false, and jackrabbit 3 sends no exclusive flag.
  queue.create('scratch', { durable: false, exclusive: true }, function () {});
  // Automatic ack: the queue's noAck option is what handle() consumes with.
  queue.create('events', { noAck: true }, function () {
    queue.handle('events', function (event) {
      console.log(event);
    });
  });

  function onReady() {
    // Safe: manual ack (the handler calls ack), prefetch 1 on the connection's channel.
    queue.handle('jobs', onJob);
  }

  function onJob(job, ack) {
    console.log('handling job ' + job.name);
    ack();
  }
});
