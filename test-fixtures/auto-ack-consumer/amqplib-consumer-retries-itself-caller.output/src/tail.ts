// The package's own log tail: it consumes with automatic ack.
import * as amqp from 'amqplib';
import { Consumer } from './Consumer';

async function main(): Promise<void> {
  const connection = await amqp.connect('amqp://localhost');
  const tail = new Consumer(connection.createChannel(), (msg) => console.log(msg.content.toString()));
  // rabbitmq4-codemod(auto-ack-consumer): consume with noAck: false, call ack(msg) after the
  // handler's work, and set a prefetch (e.g. prefetch(10)) on the channel before consuming
  await tail.consume('logs', { noAck: true });
}

main();
