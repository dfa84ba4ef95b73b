import { Kafka } from 'kafkajs';

const kafka = new Kafka({ clientId: 'svc', brokers: ['localhost:9092'] });
const consumer = kafka.consumer({ groupId: 'orders' });
const producer = kafka.producer();

export async function run() {
  await consumer.connect();
  await consumer.subscribe({ topic: 'orders', fromBeginning: true });
  await consumer.run({ eachMessage: async ({ message }) => console.log(message.value?.toString()) });
  await producer.send({ topic: 'audit', messages: [{ value: 'x' }] });
}
