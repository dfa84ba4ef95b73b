// A module-level variable a callback sets: the connection the other functions use.
let connection;

function remember(value) {
  connection = value;
}

function declareAudit() {
  connection.declareQueue('audit', { durable: false });
}

module.exports = { remember, declareAudit };
