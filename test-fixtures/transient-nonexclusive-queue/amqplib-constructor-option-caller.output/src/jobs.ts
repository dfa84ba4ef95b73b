// The package's own job runner: a publisher whose queue is transient.
import * as amqp from 'amqplib';
import { AssertionPublisher } from './AssertPublisher';

async function main(): Promise<void> {
  const connection = await amqp.connect('amqp://localhost');
  const publisher = new AssertionPublisher(connection.createChannel(), { durable: true });
  await publisher.sendToQueue('jobs', Buffer.from('start'));
}

main();
