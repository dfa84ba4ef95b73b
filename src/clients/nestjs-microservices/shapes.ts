// @nestjs/microservices' objects as the project-level tracker follows them: `context.getChannelRef()` of an RmqContext
// is an amqplib channel (the microservice's own, server-rmq.js), so what handlers do on it is read as amqplib's; a
// ClientRMQ's `createClient()` is amqp-connection-manager's connect() (client-rmq.js), so its channels are wrappers.
import type { ObjectShape } from '../../resolve/objects/shape';

export const NEST_RMQ_CONTEXT_SHAPE: ObjectShape = {
  library: '@nestjs/microservices',
  source: /^@nestjs\/microservices$/,
  yields: ['amqplib', 'amqp-connection-manager'],
  imported: () => undefined,
  typed: (exported) => (exported === 'RmqContext' ? { kind: 'rmq-context' } : exported === 'ClientRMQ' ? { kind: 'client-rmq' } : undefined),
  method(target, method) {
    // One channel per context parameter: which of the microservice's channels it is, this file cannot tell.
    if (target.kind === 'rmq-context' && method === 'getChannelRef') return { kind: 'channel', library: 'amqplib', facts: { client: 'amqplib', confirm: 'unknown', reference: true }, key: `${target.key}.channel` };
    // client-rmq.js createClient(): `rmqPackage.connect(urls, socketOptions)`, rmqPackage being amqp-connection-manager.
    if (target.kind === 'client-rmq' && method === 'createClient') return { kind: 'manager', library: 'amqp-connection-manager' };
    return undefined;
  },
};
