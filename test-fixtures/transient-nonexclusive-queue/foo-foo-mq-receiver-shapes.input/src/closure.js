// A module-level variable a callback sets: the broker the other functions use.
let broker;

function remember(value) {
  broker = value;
}

function declareAudit() {
  broker.addQueue('audit', { durable: false });
}

module.exports = { remember, declareAudit };
