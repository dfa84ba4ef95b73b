// new ClientRMQ({ noAck: false }) with no replyQueue: Nest's reply consumer on amq.rabbitmq.reply-to acknowledges
// manually, and the broker closes its channel (406).
import { ClientRMQ } from '@nestjs/microservices';

export function paymentsClient(url: string) {
  // rabbitmq4-codemod(direct-reply-to-manual-ack): give the client proxy its own options without
  // noAck: false (noAck is for the microservice that consumes the queue; a client proxy consumes
  // only its replies, from amq.rabbitmq.reply-to, which needs noAck: true)
  return new ClientRMQ({
    urls: [url],
    queue: 'payments',
    noAck: false,
  });
}
