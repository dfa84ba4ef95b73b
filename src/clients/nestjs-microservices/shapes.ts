// @nestjs/microservices as the project-level tracker follows it: `context.getChannelRef()` of an RmqContext is an
// amqplib channel (the microservice's own, server-rmq.js), so what handlers do on it is read as amqplib's; a ClientRMQ's
// `createClient()` is amqp-connection-manager's connect() (client-rmq.js), so its channels are wrappers; and the fields
// ServerRMQ's constructor sets from its options, for a project's subclass that reads them (`this.queueOptions`).
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
  classFields: { ServerRMQ: SERVER_RMQ_FIELDS },
};
