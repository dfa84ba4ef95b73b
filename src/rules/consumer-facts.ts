// Facts about consumers the consumer rules share: prefetch in force, labels, ack source.
import type { Consumer, Resolved } from '../model';

/** The prefetch in force for a consumer: its own option (ACM), the last one set on its channel, or the one its library set there. */
export function prefetchOf(c: Consumer): Resolved<number> | undefined {
  if (c.prefetch) return c.prefetch;
  return c.qos?.count ?? c.channelPrefetch;
}

/** A prefetch that limits deliveries: known and above 0 (0 means unlimited). */
export function hasLimit(c: Consumer): boolean | 'unknown' {
  const p = prefetchOf(c);
  if (!p) return false;
  // `prefetch(x || 10)`: whatever it is, never 0. `prefetch(x ?? 100)`, `prefetch(config.getOrThrow(key))`: a limit the
  // code always sets, whose size (0 included) is the choice of whoever configures it.
  if (p.kind === 'unknown') return p.truthy || p.chosen ? true : 'unknown';
  return p.value > 0;
}

export function consumerLabel(c: Consumer): string {
  if (c.queue.kind === 'unknown') return `the consumer (${c.callee})`;
  return c.queue.value === '' ? 'the consumer of the last declared queue' : `the consumer of '${c.queue.value}'`;
}

export function ackSource(c: Consumer): string {
  if (c.ack.kind === 'default') return `${c.client}'s noAck defaults to ${c.ack.value === 'auto' ? 'true' : 'false'}`;
  if (c.ack.kind === 'known') return `noAck: ${c.ack.value === 'auto' ? 'true' : 'false'}`;
  return `noAck is unknown: ${c.ack.reason}`;
}

export const MEASURED_FLOOD = 'with 100,000 messages queued, one measured service stopped answering HTTP for over 50 s while the broker pushed the whole backlog at it';
