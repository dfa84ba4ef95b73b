const client = require('./index.js');

class EmailListener {
  static async listen(msg) {
    console.log('email', msg);
  }
}

// Keeps the library's prefetch (5).
client.init('amqp://localhost', { consumerQueues: [{ name: 'email', listener: EmailListener }] });
