// A prefetch the configuration decides, with a positive fallback at the end of an || chain: whatever the run-time
// values are, it is never 0, so the consumers are bounded (not an info asking to check it).
const amqp = require('amqplib');

class Consumer {
  constructor(configuration) {
    this.configuration = configuration;
    this.prefetchCount = configuration.prefetchCount || parseInt(process.env.PREFETCH_COUNT, 10) || 1024;
  }

  async start(url) {
    const ch = await (await amqp.connect(url)).createChannel();
    await ch.prefetch(this.configuration.prefetch || 10);
    await ch.consume(this.configuration.queue, (msg) => {
      if (!msg) return;
      ch.ack(msg);
    });
    const batch = await (await amqp.connect(url)).createChannel();
    await batch.prefetch(this.prefetchCount);
    await batch.consume('batch', (msg) => {
      if (!msg) return;
      batch.ack(msg);
    });
  }
}

module.exports = { Consumer };
