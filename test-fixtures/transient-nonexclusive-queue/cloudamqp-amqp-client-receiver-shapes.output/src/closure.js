// A module-level variable a callback sets: the channel the other functions use.
let channel;

function remember(value) {
  channel = value;
}

function declareAudit() {
  channel.queueDeclare('audit', { durable: true });
}

module.exports = { remember, declareAudit };
