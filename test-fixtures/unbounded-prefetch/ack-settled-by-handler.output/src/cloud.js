const { AMQPClient } = require('@cloudamqp/amqp-client');

exports.subscribe = async function subscribe(url, queue, handler, settings) {
  const ch = await (await new AMQPClient(url).connect()).channel();
  // rabbitmq4-codemod(unbounded-prefetch): call ch.prefetch(N) on the channel before consuming,
  // with N the number of messages the handler may work on at once (10 to 100 is typical)
  await ch.basicConsume(queue, { noAck: settings.noAck }, async (msg) => {
    await handler(msg.bodyToString());
    await msg.ack();
  });
};
