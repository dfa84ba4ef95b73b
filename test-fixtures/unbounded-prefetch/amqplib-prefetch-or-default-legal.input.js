// A prefetch the configuration decides, with a positive fallback at the end of an || chain, or a conditional whose
// test vouches for its first branch (`n > 0 ? n : 20`): whatever the run-time values are, it is never 0, so the
// consumers are bounded (not an info asking to check it).
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
    const fromEnv = Number(process.env.RMQ_PREFETCH ?? 20);
    const audit = await (await amqp.connect(url)).createChannel();
    await audit.prefetch(Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : 20);
    await audit.consume('audit', (msg) => {
      if (!msg) return;
      audit.ack(msg);
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
