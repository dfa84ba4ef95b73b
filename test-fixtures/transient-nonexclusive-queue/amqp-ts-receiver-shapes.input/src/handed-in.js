// A helper handed its connection by a caller that got it from code the project does not show.
function declareBounces(connection) {
  connection.declareQueue('bounces', { durable: false });
  // Legal with the client's defaults.
  connection.declareQueue('bounces.archive');
}

module.exports = { declareBounces };
