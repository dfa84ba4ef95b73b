import * as amqp from 'amqp-connection-manager';

export const manager = amqp.connect(['amqp://rabbit-a.internal?frameMax=4096', 'amqp://rabbit-b.internal']);
