import amqp from 'amqplib';

const connection = await amqp.connect(process.env.AMQP_URL ?? 'amqp://localhost');
export const channel = await connection.createChannel();
