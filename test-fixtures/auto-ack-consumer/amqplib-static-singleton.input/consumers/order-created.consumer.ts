import RabbitMQ from '../frameworks/rabbitmq/connection';

(async function () {
  const channel = await RabbitMQ.createChannel();
  channel.consume('ORDER_CREATED', (msg) => {
    if (!msg) return;
    console.log(msg.content.toString());
  }, { noAck: true });
})();
