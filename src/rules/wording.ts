// How rule messages describe a value's source and what is unknown.
import type { Resolved } from '../model';

/** "durable: false", "durable defaults to false in rabbitmq-client", ... */
export function describeSource<T>(r: Resolved<T>, name: string): string {
  if (r.kind === 'default') return `${name} defaults to ${String(r.value)} in ${r.library}`;
  if (r.kind === 'known') return `${name}: ${String(r.value)}`;
  return `${name} is unknown: ${r.reason}`;
}

/** "durable comes from process.env.X at a.ts:3" / "durable is unknown: `flag` is a parameter of f()". */
export function unknownClause(name: string, reason: string): string {
  return /^comes from /.test(reason) ? `${name} ${reason}` : `${name} is unknown: ${reason}`;
}
