/** Queue and consumer specs, independent of any library's syntax, and how to write their values as JavaScript. */

/** A queue declaration, independent of any library's syntax. */
export interface QueueSpec {
  durable?: boolean;
  exclusive?: boolean;
  autoDelete?: boolean;
  arguments?: Record<string, string | number>;
}

/** How a consumer consumes the queue: its prefetch (set globally or not) and its acknowledgement mode. */
export interface ConsumeSpec {
  prefetch?: number;
  global?: boolean;
  noAck?: boolean;
}

export const literal = (v: string | number | boolean) => (typeof v === 'string' ? `'${v.replace(/'/g, "\\'")}'` : String(v));
export const objectText = (entries: [string, string][]) => (entries.length ? `{ ${entries.map(([k, v]) => `${k}: ${v}`).join(', ')} }` : '{}');
export const argsText = (args: Record<string, string | number>) => objectText(Object.entries(args).map(([k, v]) => [literal(k), literal(v)]));
export const flagEntries = (spec: QueueSpec): [string, string][] =>
  (['durable', 'exclusive', 'autoDelete'] as const).filter((f) => spec[f] !== undefined).map((f) => [f, String(spec[f])]);

/** `{ durable: false, arguments: { 'x-queue-type': 'quorum' } }`: the options object amqplib and rascal take. */
export function optionsText(spec: QueueSpec): string {
  const entries = flagEntries(spec);
  if (spec.arguments && Object.keys(spec.arguments).length) entries.push(['arguments', argsText(spec.arguments)]);
  return objectText(entries);
}
