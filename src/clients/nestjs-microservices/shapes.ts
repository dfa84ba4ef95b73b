// @nestjs/microservices as the project-level tracker follows it: `context.getChannelRef()` of an RmqContext is an
// amqplib channel (the microservice's own, server-rmq.js), so what handlers do on it is read as amqplib's; and the
// fields ServerRMQ's constructor sets from its options, for a project's subclass that reads them (`this.queueOptions`).
import type { LibraryClassFields, ObjectShape } from '../../resolve/objects/shape';

/**
 * ServerRMQ's constructor (server/server-rmq.js, the same in 9.4.3, 10.4.22, 11.2.6 and 12.1.1): `this.queueOptions =
 * getOptionsProp(options, 'queueOptions') || {}`, `this.noAck = getOptionsProp(options, 'noAck', true)` (`'noAck' in
 * options ? options.noAck : true`), `this.queue = getOptionsProp(options, 'queue') || default`.
 */
const SERVER_RMQ_FIELDS: LibraryClassFields = {
  optionsParam: 0,
  fields: {
    queueOptions: { option: 'queueOptions', default: {}, orDefault: true },
    noAck: { option: 'noAck', default: true },
    queue: { option: 'queue', orDefault: true, unsettled: "differs by Nest version ('default' before 11, '' from 11: a server-named queue)" },
  },
};

export const NEST_RMQ_CONTEXT_SHAPE: ObjectShape = {
  library: '@nestjs/microservices',
  source: /^@nestjs\/microservices$/,
  yields: ['amqplib'],
  imported: () => undefined,
  typed: (exported) => (exported === 'RmqContext' ? { kind: 'rmq-context' } : undefined),
  // One channel per context parameter: which of the microservice's channels it is, this file cannot tell.
  method: (target, method) =>
    target.kind === 'rmq-context' && method === 'getChannelRef' ? { kind: 'channel', library: 'amqplib', facts: { client: 'amqplib', confirm: 'unknown', reference: true }, key: `${target.key}.channel` } : undefined,
  classFields: { ServerRMQ: SERVER_RMQ_FIELDS },
};
