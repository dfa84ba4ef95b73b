'use strict';

module.exports = (conn, ch, queues, rabQ) => {
  ch.prefetch(rabQ.maxMessages);
  return Promise.all(queues.map((queue) => ch.consume(queue, (msg) => {
    rabQ.handle(msg).then(() => ch.ack(msg), () => ch.nack(msg));
  }))).then(() => [conn, ch]);
};
