import amqp from 'amqplib';
import { Connection } from 'rabbitmq-client';

export default amqp;
export { Connection };
