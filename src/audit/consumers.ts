// The code's consumers beside the broker's queues: each row of the consumers table matched to the queue it consumes
// on the broker (management API), with that queue's messages ready and consumer count, the backlog a consumer without
// flow control would be pushed.
import type { ConsumerReport } from '../model';
import { byFixOrder } from '../report/consumers';
import type { AuditConsumer, BrokerState } from './model';

export type { AuditConsumer };

/** Every consumer row with its queue on the broker (in the vhost asked for, if one is), most urgent first (a larger backlog first within a rank). */
export function auditConsumers(rows: ConsumerReport[], state: BrokerState, vhost?: string): AuditConsumer[] {
  const queues = state.queues.filter((q) => vhost === undefined || q.vhost === vhost);
  const out = rows.map((r): AuditConsumer => {
    const fallback = r.queue === null ? r.queueSource?.fallback?.replace(/^(['"`])(.*)\1$/, '$2') : undefined;
    const name = r.queue ?? fallback;
    const q = name === undefined ? undefined : queues.find((x) => x.name === name);
    if (!q) return r;
    return {
      ...r,
      broker: {
        vhost: q.vhost,
        queue: q.name,
        ...(r.queue === null ? { byFallback: true as const } : {}),
        ...(q.messagesReady !== undefined ? { messagesReady: q.messagesReady } : {}),
        ...(q.messages !== undefined ? { messages: q.messages } : {}),
        ...(q.consumers !== undefined ? { consumers: q.consumers } : {}),
      },
    };
  });
  return out.sort((a, b) => byFixOrder({ ...a, ready: a.broker?.messagesReady }, { ...b, ready: b.broker?.messagesReady })).map((r, i) => ({ ...r, priority: i + 1 }));
}

/** The broker cell of a row: `orders: 1200 ready, 2 consumers`, or that the broker has no such queue. */
export function brokerCell(r: AuditConsumer): string {
  if (!r.broker) return r.queue === null && !r.queueSource?.fallback ? 'queue name decided at run time' : 'no such queue on the broker';
  const b = r.broker;
  const parts = [b.messagesReady !== undefined ? `${b.messagesReady} ready` : undefined, b.consumers !== undefined ? `${b.consumers} consumers` : undefined].filter(Boolean);
  return `'${b.queue}'${b.byFallback ? ' (its fallback name)' : ''}: ${parts.join(', ') || 'counts unknown'}`;
}
