// Reads a live broker's state through the management HTTP API into the audit's model.
import { QUEUE_TYPES, type QueueType } from '../model';
import { shownUrl, type BrokerEndpoint } from '../broker/endpoint';
import { getJson } from '../broker/http';
import { isObject, policyOf } from './definitions';
import type { BrokerConsumer, BrokerQueue, BrokerState } from './model';

export { ManagementError } from '../broker/http';

const asType = (v: unknown): QueueType | undefined => (typeof v === 'string' && (QUEUE_TYPES as readonly string[]).includes(v) ? (v as QueueType) : undefined);

/**
 * A broker's queues (with their message and consumer counts), policies, consumers, nodes and default queue
 * types (each vhost's and the node's) from the management HTTP API.
 */
export async function readManagement(e: BrokerEndpoint, vhost?: string): Promise<BrokerState> {
  const shown = shownUrl(e.management);
  const scope = vhost === undefined ? '' : `/${encodeURIComponent(vhost)}`;
  const noVhost = vhost === undefined ? undefined : `is there a vhost '${vhost}'?`;
  // The overview first: a broker that cannot be reached, or refuses the credentials, says so once.
  const overview = await getJson(e, '/api/overview');
  const [queues, policies, consumers, vhosts, nodes] = await Promise.all([
    getJson(e, `/api/queues${scope}?columns=name,vhost,durable,auto_delete,exclusive,type,arguments,messages,messages_ready,consumers`, noVhost),
    getJson(e, `/api/policies${scope}`, noVhost),
    getJson(e, `/api/consumers${scope}`, noVhost),
    getJson(e, vhost === undefined ? '/api/vhosts' : `/api/vhosts${scope}`, noVhost),
    getJson(e, '/api/nodes?columns=name,running'),
  ]);
  const vhostList = vhost === undefined ? list(vhosts) : [vhosts];
  return {
    source: { kind: 'management', url: shown },
    brokerVersion: isObject(overview) && typeof overview.rabbitmq_version === 'string' ? overview.rabbitmq_version : undefined,
    defaults: {
      ...(isObject(overview) && asType(overview.default_queue_type) ? { node: asType(overview.default_queue_type) } : {}),
      vhosts: Object.fromEntries(vhostList.filter(isObject).map((v) => [String(v.name ?? '/'), vhostDefault(v)])),
    },
    nodes: list(nodes)
      .filter(isObject)
      .map((n) => String(n.name ?? '')),
    queues: list(queues).map(queueOf),
    policies: list(policies).map((p, i) => policyOf(p, i, shown, vhost ?? '/')),
    consumers: list(consumers).map(consumerOf).filter((c): c is BrokerConsumer => !!c),
  };
}

/** A vhost's default queue type: in its metadata (4.x), or beside it (3.13's API). */
export function vhostDefault(v: Record<string, unknown>): QueueType | undefined {
  const meta = isObject(v.metadata) ? v.metadata : {};
  return asType(meta.default_queue_type) ?? asType(v.default_queue_type);
}

function list(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

function queueOf(q: unknown): BrokerQueue {
  const o = isObject(q) ? q : {};
  const args = isObject(o.arguments) ? o.arguments : {};
  return {
    vhost: String(o.vhost ?? '/'),
    name: String(o.name ?? ''),
    durable: o.durable !== false,
    autoDelete: o.auto_delete === true,
    exclusive: o.exclusive === true,
    type: typeof o.type === 'string' ? o.type : typeof args['x-queue-type'] === 'string' ? (args['x-queue-type'] as string) : 'classic',
    arguments: args,
    ...(typeof o.messages === 'number' ? { messages: o.messages } : {}),
    ...(typeof o.messages_ready === 'number' ? { messagesReady: o.messages_ready } : {}),
    ...(typeof o.consumers === 'number' ? { consumers: o.consumers } : {}),
  };
}

function consumerOf(c: unknown): BrokerConsumer | undefined {
  if (!isObject(c) || !isObject(c.queue)) return undefined;
  const ch = isObject(c.channel_details) ? c.channel_details : {};
  return {
    vhost: String(c.queue.vhost ?? '/'),
    queue: String(c.queue.name ?? ''),
    tag: String(c.consumer_tag ?? ''),
    ackRequired: c.ack_required !== false,
    prefetch: typeof c.prefetch_count === 'number' ? c.prefetch_count : 0,
    ...(typeof ch.connection_name === 'string' ? { connection: ch.connection_name } : {}),
    ...(typeof ch.number === 'number' ? { channel: ch.number } : {}),
    ...(typeof ch.user === 'string' ? { user: ch.user } : {}),
  };
}
