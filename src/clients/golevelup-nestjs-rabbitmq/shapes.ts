// @golevelup/nestjs-rabbitmq's AmqpConnection as the project-level tracker follows it: its `channel` is the library's
// default amqplib channel (a confirm channel of its amqp-connection-manager setup), on which the library itself sets
// prefetch(prefetchCount), 10 unless the module config says otherwise (lib/amqp/connection.js setupInitChannel).
import type { ObjectShape } from '../../resolve/objects/shape';
import { GOLEVELUP, GOLEVELUP_PACKAGE } from './names';

/** The prefetch the library sets on its default channel when the module config gives none. */
export const DEFAULT_CHANNEL_PREFETCH = 10;

export const GOLEVELUP_SHAPE: ObjectShape = {
  library: GOLEVELUP,
  source: GOLEVELUP_PACKAGE,
  yields: ['amqplib'],
  imported: (name) => (name === 'AmqpConnection' ? { kind: 'connection-class' } : name === '*' ? { kind: 'module' } : undefined),
  member(of, name) {
    if (of.kind === 'module' && name === 'AmqpConnection') return { kind: 'connection-class' };
    // A reference the library hands out: using it opens nothing.
    if (of.kind === 'connection' && name === 'channel') {
      return { kind: 'channel', library: 'amqplib', facts: { client: 'amqplib', confirm: true, reference: true, prefetch: { value: DEFAULT_CHANNEL_PREFETCH, by: GOLEVELUP } } };
    }
    return undefined;
  },
  construct: (callee) => (callee.kind === 'connection-class' ? { kind: 'connection' } : undefined),
  typed: (exported) => (exported === 'AmqpConnection' ? { kind: 'connection' } : undefined),
};
