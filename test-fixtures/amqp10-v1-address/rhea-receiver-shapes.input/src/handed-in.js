// A helper handed its connection by a caller that got it from code the project does not show.
function declareBounces(connection) {
  connection.open_receiver('/queue/bounces');
  // Legal with the client's defaults.
  connection.open_receiver('/queues/bounces.archive');
}

module.exports = { declareBounces };
