// One amqplib channel per adapter: setPrefetch and subscribe both work on it.
import { connect } from 'amqplib';

export default class Adapter {
  constructor({ connection, channel }) {
    this._connection = connection;
    this._channel = channel;
  }

  static async connect(url) {
    const connection = await connect(url);
    const channel = await connection.createChannel();
    return new Adapter({ connection, channel });
  }

  setPrefetch(count) {
    return this._channel.prefetch(count);
  }

  async subscribe(queue, options, handler) {
    await this._channel.consume(queue, async (msg) => {
      if (!msg) return;
      try {
        await handler(JSON.parse(msg.content.toString()));
        this._channel.ack(msg);
      } catch (err) {
        this._channel.nack(msg, false, false);
      }
    }, options);
  }
}
