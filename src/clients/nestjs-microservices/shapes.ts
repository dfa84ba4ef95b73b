// @nestjs/microservices' RmqContext as the project-level tracker follows it: `context.getChannelRef()` is an
// amqplib channel (the microservice's own, server-rmq.js), so what handlers do on it is read as amqplib's.
import type { ObjectShape } from '../../resolve/objects/shape';

export const NEST_RMQ_CONTEXT_SHAPE: ObjectShape = {
  library: '@nestjs/microservices',
  source: /^@nestjs\/microservices$/,
  yields: ['amqplib'],
  imported: () => undefined,
  typed: (exported) => (exported === 'RmqContext' ? { kind: 'rmq-context' } : undefined),
  // One channel per context parameter: which of the microservice's channels it is, this file cannot tell.
  method: (target, method) =>
    target.kind === 'rmq-context' && method === 'getChannelRef' ? { kind: 'channel', library: 'amqplib', facts: { client: 'amqplib', confirm: 'unknown', reference: true }, key: `${target.key}.channel` } : undefined,
};
