import amqp from 'amqplib';

export default amqp;
