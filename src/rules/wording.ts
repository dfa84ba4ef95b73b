import type { Resolved } from '../model';

/** "durable: false", "durable defaults to false in rabbitmq-client", ... */
export function describeSource<T>(r: Resolved<T>, name: string): string {
  if (r.kind === 'default') return `${name} defaults to ${String(r.value)} in ${r.library}`;
  if (r.kind === 'known') return `${name}: ${String(r.value)}`;
  return `${name} is unknown: ${r.reason}`;
}
