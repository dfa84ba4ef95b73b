// A module-level variable a callback sets: the connection the other functions use.
let connection;

function remember(value) {
  connection = value;
}

function declareAudit() {
  connection.queueDeclare({ queue: 'audit', durable: true });
}

module.exports = { remember, declareAudit };
