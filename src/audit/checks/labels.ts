// How audit findings name a queue and say whether a definitions value is JSON-like.
import type { TargetVersion } from '../../model';
import { atLeast } from '../../rules/types';

export const queueLabel = (q: { vhost: string; name: string }) => `queue '${q.name}' (vhost '${q.vhost}')`;
export const is43 = (target: TargetVersion) => atLeast(target, '4.3');
export const json = (v: unknown) => JSON.stringify(v);
