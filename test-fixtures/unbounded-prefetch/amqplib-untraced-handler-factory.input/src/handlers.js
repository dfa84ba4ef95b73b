// Handler factories: each returns the consume callback, closed over the service's dependencies.
function makeInvoiceHandler({ channel, repo }) {
  return async (msg) => {
    if (!msg) return;
    await repo.save(JSON.parse(msg.content.toString()));
    channel.ack(msg);
  };
}

function consumerFactory(ctx, name) {
  return (msg) => {
    if (!msg) return;
    ctx.log(name, msg.content.toString());
  };
}

module.exports = { makeInvoiceHandler, consumerFactory };
