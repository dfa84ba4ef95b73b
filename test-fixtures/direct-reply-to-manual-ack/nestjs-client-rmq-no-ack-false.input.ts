// new ClientRMQ({ noAck: false }) with no replyQueue: Nest's reply consumer on amq.rabbitmq.reply-to acknowledges
// manually, and the broker closes its channel (406).
import { ClientRMQ } from '@nestjs/microservices';

export function paymentsClient(url: string) {
  return new ClientRMQ({
    urls: [url],
    queue: 'payments',
    noAck: false,
  });
}
