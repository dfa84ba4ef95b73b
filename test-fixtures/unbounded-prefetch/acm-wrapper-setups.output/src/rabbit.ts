// A wrapper class over amqp-connection-manager: one ChannelWrapper per queue, made by makeChannel with the caller's
// setup; subscribe adds a consumer to the same wrapper with addSetup, so both setups run on one channel.
import amqp, { AmqpConnectionManager, ChannelWrapper, CreateChannelOpts } from 'amqp-connection-manager';
import { ConfirmChannel } from 'amqplib';

export default class Rabbit {
  client!: AmqpConnectionManager;
  channel!: ChannelWrapper;
  queues: { [name: string]: { channel?: ChannelWrapper } } = {};

  async init(url: string) {
    this.client = amqp.connect([url]);
    this.channel = await this.makeChannel({ name: 'global' });
  }

  makeChannel(op: CreateChannelOpts): Promise<ChannelWrapper> {
    const opts: CreateChannelOpts = { json: true, ...op };
    return new Promise((resolve) => {
      const channel = this.client.createChannel(opts);
      channel.on('connect', () => resolve(channel));
    });
  }

  async createQueue(queueName: string) {
    this.queues[queueName] = {};
    const channel = await this.makeChannel({
      name: queueName,
      setup: function setup(ch: ConfirmChannel) {
        ch.prefetch(1);
        return ch.assertQueue(queueName, { durable: true });
      },
    });
    this.queues[queueName].channel = channel;
    return channel;
  }

  // On the queue's own wrapper, whose first setup set prefetch 1: bounded.
  subscribe(qid: string, cb: (body: unknown, ack: () => void) => void) {
    const q = this.queues[qid];
    return q.channel!.addSetup((ch: ConfirmChannel) =>
      ch.consume(qid, (msg) => {
        if (!msg) return;
        cb(JSON.parse(msg.content.toString()), () => ch.ack(msg));
      }),
    );
  }

  // On the global wrapper, made without a setup: no prefetch on its channel.
  listen(queueName: string, cb: (body: unknown) => void) {
    // rabbitmq4-codemod(unbounded-prefetch): call prefetch(N) on the channel before consume, with N
    // the number of messages the handler may work on at once (10 to 100 is typical)
    return this.channel.addSetup((ch: ConfirmChannel) =>
      ch.consume(queueName, (msg) => {
        if (!msg) return;
        cb(JSON.parse(msg.content.toString()));
        ch.ack(msg);
      }),
    );
  }
}
