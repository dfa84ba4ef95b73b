// A helper handed its channel by a caller that got it from code the project does not show.
function declareBounces(channel) {
  channel.queueDeclare('bounces', { durable: false });
  // Legal with the client's defaults.
  channel.queueDeclare('bounces.archive');
}

module.exports = { declareBounces };
