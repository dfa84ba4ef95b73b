// A helper handed the connection by a caller that got it from code the project does not show.
function declareBounces(connection) {
  connection.queue('bounces', { autoDelete: false, durable: true }, function (q) {
    q.bind('bounces', '#');
  });
  // Legal: durable and kept.
  connection.queue('bounces.archive', { durable: true, autoDelete: false });
}

module.exports = { declareBounces };
