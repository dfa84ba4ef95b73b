import * as amqp from 'amqp-connection-manager';

export const manager = amqp.connect(['amqp://rabbit-a.internal?frameMax=8192', 'amqp://rabbit-b.internal']);
