import * as amqp from 'amqplib';

export async function connect(url: string) {
  return amqp.connect(url);
}
