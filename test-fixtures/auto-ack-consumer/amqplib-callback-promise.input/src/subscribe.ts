import * as RabbitMQ from './basic_service/rabbitmq';

RabbitMQ.createChannel().then((ch) => {
  ch.assertQueue('', { exclusive: true }, (err: Error, q: { queue: string }) => {
    ch.consume(q.queue, (msg: { content: Buffer }) => {
      console.log(msg.content.toString());
    }, { noAck: true });
  });
});
