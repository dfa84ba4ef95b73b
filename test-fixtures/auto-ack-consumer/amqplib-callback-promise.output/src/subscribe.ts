import * as RabbitMQ from './basic_service/rabbitmq';

RabbitMQ.createChannel().then((ch) => {
  ch.assertQueue('', { exclusive: true }, (err: Error, q: { queue: string }) => {
    // rabbitmq4-codemod(auto-ack-consumer): consume with noAck: false, call ack(msg) after the
    // handler's work, and set a prefetch (e.g. prefetch(10)) on the channel before consuming
    ch.consume(q.queue, (msg: { content: Buffer }) => {
      console.log(msg.content.toString());
    }, { noAck: true });
  });
});
