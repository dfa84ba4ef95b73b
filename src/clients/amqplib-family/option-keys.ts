// The option keys amqplib (and amqp-connection-manager's ChannelWrapper) read, as data (lib/api_args.js 0.10.x).
import type { FileModel, IgnoredOption } from '../../model';
import type { Node } from '../../parse/ast';
import type { FileContext } from '../../resolve/file-context';
import type { CallNode } from '../model-builders/resolved';
import { absentKeyRead, addIgnored, type OptionKeys } from '../model-builders/option-keys';
import { optionKeysThatNeverArrive } from '../model-builders/dropped-options';
import { AMQPLIB_QUEUE_KEYS } from '../model-builders/queue-options';

const PREFETCH_IN_CONSUME = { intended: 'channel.prefetch(n)', uses: "amqplib's consume() sets no prefetch from its options: no prefetch is set by this one (call channel.prefetch(n) on the channel before consuming)" };

/** Args.consume. */
export const CONSUME_KEYS: OptionKeys = {
  reads: {
    noAck: 'amqplib consumes with noAck false: manual ack',
    exclusive: 'the consumer is not exclusive',
    priority: 'the consumer has no x-priority',
    consumerTag: 'the broker names the consumer tag',
    noLocal: 'noLocal is false',
    arguments: 'the consumer gets no other arguments',
  },
  confusions: { prefetch: PREFETCH_IN_CONSUME, prefetchCount: PREFETCH_IN_CONSUME },
  defaults: { noAck: false, exclusive: false, noLocal: false },
};

/** ChannelWrapper.consume: amqplib's consume options and `prefetch`, which it sets on its channel (global false). */
export const ACM_CONSUME_KEYS: OptionKeys = {
  reads: { ...CONSUME_KEYS.reads, prefetch: 'amqp-connection-manager sets no prefetch for this consumer' },
  defaults: CONSUME_KEYS.defaults,
  confusions: { prefetchCount: { intended: 'prefetch', uses: "amqp-connection-manager reads its prefetch from 'prefetch', which is left out: no prefetch is set for this consumer" } },
};

/**
 * The ignored option keys of one amqplib call (assertQueue and consume: keys written; prefetch: a count read from options
 * that do not hold its key, so prefetch(undefined) sends 0), added to the model once per key.
 */
export function addIgnoredOptions(ctx: FileContext, model: FileModel, call: CallNode, method: string, client: string, callee: string, wrapper = false): void {
  const arg = (i: number) => {
    const a = call.arguments[i];
    return a && a.type !== 'SpreadElement' && a.type !== 'ArgumentPlaceholder' ? (a as Node) : undefined;
  };
  const site = { client, callee, id: `${client}:ignored` };
  const objectAt = (i: number) => {
    const node = arg(i);
    const v = node ? ctx.resolver.resolve(node) : undefined;
    return v?.kind === 'object' ? v.object : undefined;
  };
  let found: IgnoredOption[] = [];
  if (method === 'assertQueue') found = optionKeysThatNeverArrive(ctx, objectAt(1), AMQPLIB_QUEUE_KEYS, site);
  else if (method === 'consume') found = optionKeysThatNeverArrive(ctx, objectAt(2), wrapper ? ACM_CONSUME_KEYS : CONSUME_KEYS, site);
  else if (method === 'prefetch' || method === 'qos') {
    const count = arg(0);
    found = absentKeyRead(ctx, count, count ? ctx.resolver.resolve(count) : undefined, site, 'prefetch(undefined) sends 0: no limit');
  }
  addIgnored(model, found);
}
