// A helper its callers hand a connection or a channel: which client's it is, this module cannot tell.
function declareAll(target) {
  // Both clients read queue(name, options): node-amqp defaults durable to false (refused), @cloudamqp/amqp-client to
  // true for a named queue (legal). Their verdicts differ: an info that names both.
  target.queue('jobs', { exclusive: false });
  // Both say durable and kept: legal either way, no finding.
  target.queue('events', { durable: true, autoDelete: false });
  // Both say transient and kept: refused either way, one error.
  target.queue('scratch', { durable: false, autoDelete: false });
}

module.exports = { declareAll };
