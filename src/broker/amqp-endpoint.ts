// Which AMQP address plan --verify connects to, and where it came from: the one the user gives (--amqp-url,
// RABBITMQ4_CODEMOD_AMQP_URL, a config file's amqp_url), else the management URL's host on the broker's own AMQP
// listener port (GET /api/overview: listeners), else that host on the protocol's default port.
import { shownUrl, type BrokerEndpoint } from './endpoint';
import { request } from './http';

export interface AmqpEndpoint {
  /** Without credentials (they are the management API's). */
  url: URL;
  /** A sentence part: "--amqp-url", "the broker's AMQP listener (GET /api/overview: ...)". */
  from: string;
}

interface Listener {
  node?: unknown;
  protocol?: unknown;
  port?: unknown;
}

/** The endpoint to connect to; the management API is asked only when the user gives no AMQP URL. */
export async function amqpEndpoint(e: BrokerEndpoint): Promise<AmqpEndpoint> {
  if (e.amqp) return { url: e.amqp, from: e.amqpFrom ?? '--amqp-url' };
  const tls = e.management.protocol === 'https:';
  const host = e.management.hostname.includes(':') && !e.management.hostname.startsWith('[') ? `[${e.management.hostname}]` : e.management.hostname;
  const at = (scheme: string, port: number) => new URL(`${scheme}://${host}:${port}`);
  const fallback = (why: string): AmqpEndpoint => ({ url: at(tls ? 'amqps' : 'amqp', tls ? 5671 : 5672), from: `the default port on the management URL's host (${why}; give --amqp-url or RABBITMQ4_CODEMOD_AMQP_URL to choose)` });
  const r = await request(e, 'GET', '/api/overview').catch((err: Error) => ({ status: 0, statusText: err.message, body: '' }));
  if (r.status !== 200) return fallback(`GET /api/overview at ${shownUrl(e.management)} answered ${r.status ? `${r.status} ${r.statusText}`.trim() : r.statusText}`);
  let overview: { node?: unknown; listeners?: unknown };
  try {
    overview = JSON.parse(r.body) as typeof overview;
  } catch {
    return fallback('GET /api/overview did not answer JSON');
  }
  const listeners = (Array.isArray(overview.listeners) ? (overview.listeners as Listener[]) : []).filter((l) => typeof l.port === 'number');
  // The node that answered first (a cluster lists every node's listeners), TLS when the management API is reached over TLS.
  const order = tls ? ['amqp/ssl', 'amqp'] : ['amqp', 'amqp/ssl'];
  for (const protocol of order) {
    const mine = listeners.filter((l) => l.protocol === protocol);
    const l = mine.find((x) => x.node === overview.node) ?? mine[0];
    if (!l) continue;
    const scheme = protocol === 'amqp/ssl' ? 'amqps' : 'amqp';
    return { url: at(scheme, l.port as number), from: `the broker's own ${protocol} listener (GET /api/overview: node ${String(l.node)}, port ${String(l.port)}), on the management URL's host` };
  }
  return fallback('GET /api/overview lists no AMQP listener');
}
