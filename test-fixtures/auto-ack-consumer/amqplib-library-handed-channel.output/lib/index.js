// A library handed its users' channel: its package names no client (they bring amqplib), yet its consumers are
// amqplib's, as the calls only amqplib's channels have (assertQueue, sendToQueue) on the same receiver say.
'use strict';

class Rpc {
  constructor(channel) {
    this.channel = channel;
  }

  async listen(queue, handler) {
    await this.channel.assertQueue(queue, { durable: true });
    // rabbitmq4-codemod(unbounded-prefetch): call prefetch(N) on the channel before consume, with N
    // the number of messages the handler may work on at once (10 to 100 is typical)
    await this.channel.consume(queue, async (msg) => {
      const result = await handler(JSON.parse(msg.content.toString()));
      this.channel.sendToQueue(msg.properties.replyTo, Buffer.from(JSON.stringify(result)));
      this.channel.ack(msg);
    });
  }
}

async function setup(channel, queue) {
  await channel.assertQueue(queue, { durable: true });
  // rabbitmq4-codemod(auto-ack-consumer): consume with noAck: false, call ack(msg) after the
  // handler's work, and set a prefetch (e.g. prefetch(10)) on the channel before consuming
  await channel.consume(queue, (msg) => console.log(msg.content.toString()), { noAck: true });
}

module.exports = { Rpc, setup };
