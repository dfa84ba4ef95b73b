// A helper handed its broker by a caller that got it from code the project does not show.
function declareBounces(broker) {
  broker.addQueue('bounces', { durable: true });
  // Legal with the client's defaults.
  broker.addQueue('bounces.archive', { limit: 10 });
}

module.exports = { declareBounces };
