// Facts about queue declarations the rules share: type (the default queue type applied), labels, which arguments each type takes.
import { valueOf, type DefaultQueueTypes, type QueueDeclaration, type QueueFlag, type QueueType, type TargetVersion } from '../model';
import { atLeast } from './types';

/** What decides a declaration's type: the rule context's default queue type, if any. */
export interface TypeContext {
  defaultQueueType?: DefaultQueueTypes;
}

/** How a declaration gets its queue type on the broker (catalogue F3, `rabbit_amqqueue:augment_declare_args`). */
export interface TypeOrigin {
  type: QueueType | 'unknown';
  /**
   * 'argument': its own x-queue-type; 'default': the default queue type, which the broker gives a durable,
   * non-exclusive, non-auto-delete declaration; 'fallback': classic, because the declaration is not one
   * the default type can take; 'classic': no default other than classic applies.
   */
  from: 'argument' | 'default' | 'fallback' | 'classic';
  /** The default queue type that applies to the declaration's vhost, when it is not classic. */
  defaultType?: Exclude<QueueType, 'classic'>;
  /** The flag that makes it fall back to classic, or that is unknown (type 'unknown' from 'default'). */
  flag?: QueueFlag;
}

/** The default queue type for a vhost (undefined: the vhost is not known), or undefined when none but classic is set. */
export function defaultTypeFor(setting: DefaultQueueTypes | undefined, vhost: string | undefined): QueueType | undefined {
  if (setting === undefined) return undefined;
  if (typeof setting === 'string') return setting;
  return (vhost !== undefined && Object.hasOwn(setting, vhost) ? setting[vhost] : setting['*']) ?? undefined;
}

/**
 * The queue type the broker gives a declaration: its x-queue-type; else the default queue type when the
 * declaration is durable, not exclusive and not auto-delete (which also makes it no transient queue, the
 * 4.3 rule), classic otherwise (the fallback); classic when no other default is set.
 */
export function typeOrigin(decl: QueueDeclaration, ctx?: TypeContext): TypeOrigin {
  const arg = decl.arguments.find((a) => a.key === 'x-queue-type');
  if (arg) {
    const v = arg.value.kind === 'unknown' ? undefined : valueOf(arg.value);
    return { type: v === 'quorum' || v === 'stream' || v === 'classic' ? v : 'unknown', from: 'argument' };
  }
  const dflt = decl.passive ? undefined : defaultTypeFor(ctx?.defaultQueueType, decl.vhost);
  if (!dflt || dflt === 'classic') return { type: 'classic', from: 'classic' };
  const wants: [QueueFlag, boolean][] = [
    ['durable', true],
    ['exclusive', false],
    ['autoDelete', false],
  ];
  const off = wants.find(([flag, want]) => decl[flag].kind !== 'unknown' && valueOf(decl[flag]) !== want);
  if (off) return { type: 'classic', from: 'fallback', defaultType: dflt, flag: off[0] };
  const open = wants.find(([flag]) => decl[flag].kind === 'unknown');
  if (open) return { type: 'unknown', from: 'default', defaultType: dflt, flag: open[0] };
  return { type: dflt, from: 'default', defaultType: dflt };
}

/** The queue type the broker gives a declaration (see typeOrigin). */
export function queueTypeOf(decl: QueueDeclaration, ctx?: TypeContext): QueueType | 'unknown' {
  return typeOrigin(decl, ctx).type;
}

/** The vhost a declaration goes to, as the broker names it in a refusal ('/' when the code does not say). */
export function vhostOf(decl: { vhost?: string }): string {
  return decl.vhost ?? '/';
}

const FLAG_WORDS: Record<QueueFlag, [string, string]> = { durable: ['durable', 'non-durable'], exclusive: ['exclusive', 'non-exclusive'], autoDelete: ['auto-delete', 'not auto-delete'] };

/**
 * How a finding says where a declaration's type comes from, when a default queue type is involved:
 * " (quorum by the default queue type of vhost 'orders')", " (classic: the default queue type quorum does
 * not apply to an exclusive queue)"; '' when the declaration names its type or no default is set.
 */
export function typeNote(decl: QueueDeclaration, ctx?: TypeContext): string {
  const o = typeOrigin(decl, ctx);
  if (!o.defaultType) return '';
  const where = decl.vhost !== undefined ? ` of vhost '${decl.vhost}'` : '';
  if (o.from === 'default' && o.type !== 'unknown') return ` (typed ${o.type} by the default queue type${where}: it names no x-queue-type)`;
  if (o.from === 'fallback') {
    const flag = o.flag!;
    const word = FLAG_WORDS[flag][flag === 'durable' ? 1 : 0];
    return ` (classic: the default queue type${where} is ${o.defaultType}, which the broker gives only durable, non-exclusive, non-auto-delete queues; this one is ${word})`;
  }
  return '';
}

export function queueLabel(decl: QueueDeclaration): string {
  const name = decl.name;
  if (name.kind === 'unknown') return 'this queue';
  return name.value === '' ? 'a server-named queue' : `queue '${name.value}'`;
}

export function queueNameForError(decl: QueueDeclaration): string {
  return decl.name.kind !== 'unknown' && decl.name.value !== '' ? decl.name.value : 'Q';
}

/**
 * Which queue types accept each argument (reference/rabbitmq4-catalogue.md, Appendix 1).
 * `since` marks arguments that earlier versions knew for no queue type (accepted and ignored).
 */
interface ArgumentRule {
  types: QueueType[];
  since?: TargetVersion;
  /** The first patch release that refuses it, when later than since's .0 ("4.3.2"). */
  patch?: string;
  /** What brokers before `since` do with it, when not simply ignore it (they validate it for no type). */
  earlier?: string;
}

const CQ: QueueType[] = ['classic', 'quorum'];
const Q: QueueType[] = ['quorum'];
const C: QueueType[] = ['classic'];
const S: QueueType[] = ['stream'];
const ALL: QueueType[] = ['classic', 'quorum', 'stream'];

export const ARGUMENT_MATRIX: Record<string, ArgumentRule> = {
  'x-queue-type': { types: ALL },
  'x-expires': { types: CQ },
  'x-message-ttl': { types: CQ },
  'x-dead-letter-exchange': { types: CQ },
  'x-dead-letter-routing-key': { types: CQ },
  'x-dead-letter-strategy': { types: Q },
  'x-max-length': { types: CQ },
  'x-max-length-bytes': { types: ALL },
  'x-overflow': { types: CQ },
  'x-max-priority': { types: C },
  'x-queue-mode': { types: C },
  'x-queue-version': { types: C },
  'x-queue-master-locator': { types: C },
  'x-queue-leader-locator': { types: ALL },
  'x-single-active-consumer': { types: CQ },
  'x-delivery-limit': { types: Q },
  'x-quorum-initial-group-size': { types: Q },
  'x-max-in-memory-length': { types: Q },
  'x-max-in-memory-bytes': { types: Q },
  // Catalogue C5: up to 4.2 the channel applies the queue's x-consumer-timeout to every queue type.
  'x-consumer-timeout': { types: Q, since: '4.3', patch: '4.3.2', earlier: "apply it to the queue's consumers; from 4.3 only quorum queues time out a consumer" },
  'x-consumer-disconnected-timeout': { types: Q, since: '4.3' },
  'x-delayed-retry-type': { types: Q, since: '4.3' },
  'x-delayed-retry-min': { types: Q, since: '4.3' },
  'x-delayed-retry-max': { types: Q, since: '4.3' },
  'x-max-age': { types: S },
  'x-stream-max-segment-size-bytes': { types: S },
  'x-initial-cluster-size': { types: S },
  'x-stream-filter-size-bytes': { types: S, since: '4.3', patch: '4.3.1' },
};

export type ArgumentVerdict = 'accepted' | 'refused' | 'refused-from-4.3' | 'ignored';

/** What a broker of the target version does with an argument on a queue type. */
export function argumentVerdict(key: string, type: QueueType, target: TargetVersion): ArgumentVerdict {
  const rule = ARGUMENT_MATRIX[key];
  if (!rule) return 'ignored';
  if (rule.types.includes(type)) return 'accepted';
  if (rule.since && !atLeast(target, rule.since)) return 'refused-from-4.3';
  return 'refused';
}

export function brokerTypeName(type: QueueType): string {
  return `rabbit_${type}_queue`;
}
