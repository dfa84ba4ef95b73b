// A module-level variable a callback sets: the exchange the other functions use.
let exchange;

function remember(value) {
  exchange = value;
}

function declareAudit() {
  exchange.queue({ name: 'audit', durable: false });
}

module.exports = { remember, declareAudit };
