const amqp = require('amqplib');

// A messaging service that resolves a publish when the call returns true and rejects it when it returns false: true
// only means the buffer had room (nothing confirms the message), and false means it was buffered all the same.
class AmqpService {
  async start(url) {
    const conn = await amqp.connect(url);
    this.channel = { notification: await conn.createChannel() };
    await this.channel.notification.assertExchange('notifications', 'topic', { durable: true });
  }

  publish(topic, message) {
    return new Promise((resolve, reject) => {
      if (this.channel.notification.publish('notifications', topic, Buffer.from(JSON.stringify(message)))) {
        return resolve();
      }
      return reject(new Error('Publish failure. Queue may be full.'));
    });
  }
}

module.exports = AmqpService;
