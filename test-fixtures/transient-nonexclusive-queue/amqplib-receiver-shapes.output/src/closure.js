// A module-level variable a callback sets: the channel the other functions use.
let channel;

function remember(ch) {
  channel = ch;
}

function declareAudit() {
  channel.assertQueue('audit', { durable: true, autoDelete: false });
}

module.exports = { remember, declareAudit };
