// A module-level variable a callback sets: the connection the other functions use.
let connection;

function remember(value) {
  connection = value;
}

function declareAudit() {
  // rabbitmq4-codemod(amqp10-v1-address): make sure the queue exists (declare it before attaching),
  // then attach to '/queues/audit'
  connection.open_receiver('/queue/audit');
}

module.exports = { remember, declareAudit };
