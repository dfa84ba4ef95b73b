import * as amqp from 'amqp-connection-manager';

export const manager = amqp.connect(['amqp://rabbit-a.internal?frameMax=131072'], { heartbeatIntervalInSeconds: 5 });
