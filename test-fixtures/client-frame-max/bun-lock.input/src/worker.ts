import amqp from 'amqplib';

export const open = (url: string) => amqp.connect(url);
