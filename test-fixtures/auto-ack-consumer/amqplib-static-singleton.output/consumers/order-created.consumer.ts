import RabbitMQ from '../frameworks/rabbitmq/connection';

(async function () {
  const channel = await RabbitMQ.createChannel();
  // rabbitmq4-codemod(auto-ack-consumer): consume with noAck: false, call ack(msg) after the
  // handler's work, and set a prefetch (e.g. prefetch(10)) on the channel before consuming
  channel.consume('ORDER_CREATED', (msg) => {
    if (!msg) return;
    console.log(msg.content.toString());
  }, { noAck: true });
})();
