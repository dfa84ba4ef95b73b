import amqp from 'amqplib';

// RabbitMQ 4.0 still accepts frame_max 4096: a warning there, still rewritten for the move to 4.1.
export const open = () => amqp.connect('amqp://rabbit.internal?frameMax=8192');
