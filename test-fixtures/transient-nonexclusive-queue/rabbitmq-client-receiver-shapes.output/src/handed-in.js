// A helper handed its connection by a caller that got it from code the project does not show.
function declareBounces(connection) {
  connection.queueDeclare({ queue: 'bounces', durable: true });
  // Legal with the client's defaults.
  connection.queueDeclare({ queue: 'bounces.archive', durable: true });
}

module.exports = { declareBounces };
