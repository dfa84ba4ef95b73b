import amqp from 'amqp-connection-manager';

export const broker = amqp.connect([process.env.AMQP_URL!]);
