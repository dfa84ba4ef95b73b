// A module-level variable the ready callback sets.
let connection;

function remember(c) {
  connection = c;
}

function declareAudit() {
  // node-amqp's default is durable false.
  connection.queue('audit', function (q) {
    q.bind('audit', '#');
  });
}

module.exports = { remember, declareAudit };
