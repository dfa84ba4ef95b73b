const { AMQPClient } = require('@cloudamqp/amqp-client');

exports.subscribe = async function subscribe(url, queue, handler, settings) {
  const ch = await (await new AMQPClient(url).connect()).channel();
  await ch.basicConsume(queue, { noAck: settings.noAck }, async (msg) => {
    await handler(msg.bodyToString());
    await msg.ack();
  });
};
