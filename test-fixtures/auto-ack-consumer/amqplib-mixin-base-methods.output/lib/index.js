// A client whose API class plugins extend with mixins (`(base) => class extends base`).
const amqp = require('amqplib');
const withPrefetch = require('../plugins/prefetch');
const withService = require('../plugins/service');
const withTap = require('../plugins/tap');

class ContextChannel {
  constructor(ch) {
    this.channel = ch;
  }

  queue(name, options) {
    this.channel.assertQueue(name, options);
    return this;
  }

  context() {
    return this;
  }

  consume(queue, fn, options) {
    return this.channel.consume(queue, (msg) => fn(msg, this.channel), options);
  }
}

async function connect(url) {
  const connection = await amqp.connect(url);
  const Api = withTap(withService('billing')(withPrefetch(10)(ContextChannel)));
  return new Api(await connection.createChannel());
}

module.exports = { connect };
