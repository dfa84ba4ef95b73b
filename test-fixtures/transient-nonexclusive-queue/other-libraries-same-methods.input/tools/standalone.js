// A script no module of the service imports, and that names no client: a call with node-amqp's shape on a receiver
// nothing says is a connection stays unknown (rung c), with no finding.
function declareScratch(conn) {
  conn.queue('scratch', { autoDelete: false }, function () {});
}

module.exports = { declareScratch };
