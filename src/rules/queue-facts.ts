// Facts about queue declarations the rules share: type, labels, which arguments each type takes.
import { valueOf, type QueueDeclaration, type QueueType, type TargetVersion } from '../model';
import { atLeast } from './types';

/** The queue type a declaration asks for: x-queue-type, else classic (the broker's default type). */
export function queueTypeOf(decl: QueueDeclaration): QueueType | 'unknown' {
  const arg = decl.arguments.find((a) => a.key === 'x-queue-type');
  if (!arg) return 'classic';
  if (arg.value.kind === 'unknown') return 'unknown';
  const v = valueOf(arg.value);
  if (v === 'quorum' || v === 'stream' || v === 'classic') return v;
  return 'unknown';
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
