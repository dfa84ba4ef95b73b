const amqp = require('amqplib');
const { EventEmitter, once } = require('events');

// An RPC adapter that awaits the buffer flag, keeps it, and waits for the channel's 'drain' when it is false: the
// result is used as what it is (room in the buffer), not as a delivery.
class AMQPAdapter {
  constructor() {
    this._eventBus = new EventEmitter();
  }

  async connect(url) {
    const connection = await amqp.connect(url);
    this._channel = await connection.createChannel();
    this._channel.on('drain', () => this._eventBus.emit('unlock', 'drain'));
  }

  async send(queue, payload, options) {
    const isSent = await this._channel.sendToQueue(queue, Buffer.from(JSON.stringify(payload)), options || {});
    if (!isSent) {
      await once(this._eventBus, 'unlock');
    }
  }
}

module.exports = AMQPAdapter;
