// Test helper: consumes until it has seen maxCount matching messages, then cancels its own consumer.
module.exports = async (maxCount, channel, parseMessage, queueName) => {
  return new Promise((res) => {
    let messageCount = 1;
    channel.consume(queueName, async (message) => {
      channel.ack(message);
      if (parseMessage(message)) {
        if (messageCount === maxCount) {
          await channel.cancel(message.fields.consumerTag);
          res();
        } else {
          messageCount++;
        }
      }
    });
  });
};
