export interface TransportOptions {
  url: string;
  consumer?: { prefetch?: number; concurrency?: number };
  audit?: { prefetch?: number };
}

export interface ResolvedConsumerOptions {
  prefetch: number;
  concurrency?: number;
}

// The library's defaults: a prefetch of 100 unless the user sets one.
export function resolveConsumerOptions(opts: TransportOptions): ResolvedConsumerOptions {
  const c = opts.consumer ?? {};
  return { prefetch: c.prefetch ?? 100, concurrency: c.concurrency };
}
