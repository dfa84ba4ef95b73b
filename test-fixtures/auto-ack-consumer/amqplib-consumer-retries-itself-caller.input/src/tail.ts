// The package's own log tail: it consumes with automatic ack.
import * as amqp from 'amqplib';
import { Consumer } from './Consumer';

async function main(): Promise<void> {
  const connection = await amqp.connect('amqp://localhost');
  const tail = new Consumer(connection.createChannel(), (msg) => console.log(msg.content.toString()));
  await tail.consume('logs', { noAck: true });
}

main();
