// A helper handed its channel by the caller (connect.js passes one the tracker cannot follow).
function declareRefunds(channel) {
  channel.assertQueue('refunds', { durable: true });
  // Legal: durable by amqplib's default.
  channel.assertQueue('refunds.archive');
}

module.exports = { declareRefunds };
