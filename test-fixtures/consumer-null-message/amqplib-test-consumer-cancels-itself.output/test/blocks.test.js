const amqp = require('amqplib');
const config = require('../config');
const consumeMessages = require('./helpers/consumeMessages');

describe('block processor', () => {
  it('publishes each new block', async () => {
    const conn = await amqp.connect(config.rabbit.url);
    const channel = await conn.createChannel();
    await consumeMessages(1, channel, (message) => JSON.parse(message.content.toString()).number > 0, `${config.rabbit.serviceName}_test.block`);
  });
});
