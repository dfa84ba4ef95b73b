// A helper handed its exchange by a caller that got it from code the project does not show.
function declareBounces(exchange) {
  exchange.queue({ name: 'bounces', durable: true });
  // Legal with the client's defaults.
  exchange.queue({ name: 'bounces.archive' });
}

module.exports = { declareBounces };
