// How every format of the plan names a verdict, the default queue type, a planned declaration and a planned consumer.
import type { DefaultQueueTypes } from '../model';
import type { PlannedConsume, PlannedForm, QueueVerdict } from './model';

export const VERDICT_LABEL: Record<QueueVerdict, string> = {
  already: 'names its type',
  ready: 'ready as written',
  'after-changes': 'ready after the changes',
  decide: 'needs a decision',
  'stays-classic': 'stays classic',
  conflict: 'declared differently',
  unknown: 'decided at run time',
};

/** "the default queue type quorum", or per vhost. */
export function defaultLabel(d: DefaultQueueTypes): string {
  if (typeof d === 'string') return `the default queue type ${d}`;
  return `the default queue types ${Object.entries(d)
    .map(([v, t]) => `${t} (${v === '*' ? 'other vhosts' : `vhost '${v}'`})`)
    .join(', ')}`;
}

/** `durable, x-queue-type: 'quorum', x-message-ttl: 60000`, or why it is not known. */
export function formLabel(f: PlannedForm): string {
  if ('unknown' in f) return `not known: ${f.unknown}`;
  const flags = [f.durable ? 'durable' : 'non-durable', f.exclusive && 'exclusive', f.autoDelete && 'auto-delete'].filter(Boolean);
  const args = Object.entries(f.arguments).map(([k, v]) => `${k}: ${JSON.stringify(v)}`);
  return [...flags, ...args].join(', ');
}

/** `manual ack, prefetch 10, x-stream-offset: "first"`, or why it is not known. */
export function consumeLabel(f: PlannedConsume): string {
  if ('unknown' in f) return `not known: ${f.unknown}`;
  const args = Object.entries(f.arguments).map(([k, v]) => `${k}: ${f.wire?.[k] === 'timestamp' && typeof v === 'number' ? `AMQP timestamp ${v} (${new Date(v * 1000).toISOString()})` : JSON.stringify(v)}`);
  return [f.noAck ? 'automatic ack (noAck)' : 'manual ack', f.prefetch !== undefined ? `prefetch ${f.prefetch}` : 'no prefetch', ...args].join(', ');
}
