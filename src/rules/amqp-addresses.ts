/**
 * RabbitMQ's AMQP 1.0 addresses (https://www.rabbitmq.com/docs/amqp#addresses): the v1 forms the
 * 3.x plugin used, deprecated in 4.0 (`amqp_address_v1`) and refused by default from 4.3, and the
 * v2 forms that replace them. A v2 address percent-encodes each name (RFC 3986 unreserved kept).
 */

export type LinkRole = 'sender' | 'receiver';

export interface V1Address {
  /** The v1 form, as the docs name it. */
  form: string;
  /** The v2 address that means exactly the same, if there is one. */
  exact?: string;
  /** The v2 address that does the same only if the code also does something else first (`caveat`). */
  close?: { address: string; caveat: string };
  /** What to do when there is no v2 address to write here. */
  otherwise?: string;
}

/** A name as one v2 address segment. */
export function encodeSegment(name: string): string {
  return encodeURIComponent(name).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

const NAME = /^[^/]+$/;
const TEMP_QUEUE =
  'v2 addresses cannot consume from an exchange: declare a queue, bind it to the exchange (over AMQP 0-9-1 or the AMQP 1.0 management API), and attach the receiver to /queues/<queue>';

/** The v1 form of `address` and its v2 replacement; undefined if `address` is not a v1 address. */
export function v1Address(address: string, role: LinkRole): V1Address | undefined {
  if (address === '' || address === '/exchanges' || address.startsWith('/queues/') || address.startsWith('/exchanges/')) return undefined;
  if (!address.startsWith('/')) {
    return { form: 'a bare name', otherwise: `use /queues/${encodeSegment(address)} if '${address}' names a queue, or /exchanges/<exchange>/<routing-key>` };
  }
  const [, head, ...rest] = address.split('/');
  // Names that contain '/' were split by v1 in ways the docs do not pin down: no exact rewrite for them.
  const one = (parts: string[]) => (parts.length === 1 && NAME.test(parts[0]) ? parts[0] : undefined);
  if (head === 'amq' && rest[0] === 'queue') {
    const queue = one(rest.slice(1));
    return queue
      ? { form: '/amq/queue/<queue>', exact: `/queues/${encodeSegment(queue)}` }
      : { form: '/amq/queue/<queue>', otherwise: `attach to /queues/<queue>, with the queue name percent-encoded (${rest.slice(1).join('/')})` };
  }
  if (head === 'queue') {
    if (rest.length === 0 || (rest.length === 1 && rest[0] === '')) {
      return { form: '/queue', otherwise: "use the null target address and set each message's `to` to /queues/<queue>" };
    }
    const queue = one(rest);
    if (!queue) return { form: '/queue/<queue>', otherwise: `declare the queue, then attach to /queues/<queue>, with the queue name percent-encoded (${rest.join('/')})` };
    return {
      form: '/queue/<queue>',
      close: { address: `/queues/${encodeSegment(queue)}`, caveat: `v1 /queue/ declared the queue if it did not exist; a v2 address requires '${queue}' to exist (declare it first)` },
    };
  }
  if (head === 'exchange' && rest.length >= 1 && NAME.test(rest[0])) {
    const exchange = encodeSegment(rest[0]);
    if (role === 'receiver') return { form: '/exchange/<exchange>/<binding-key>', otherwise: TEMP_QUEUE };
    if (rest.length === 1) return { form: '/exchange/<exchange>', otherwise: `use /exchanges/${exchange}/<routing-key>, or the null target address with each message's \`to\` set to /exchanges/${exchange}/<routing-key>` };
    const key = one(rest.slice(1));
    return key
      ? { form: '/exchange/<exchange>/<routing-key>', exact: `/exchanges/${exchange}/${encodeSegment(key)}` }
      : { form: '/exchange/<exchange>/<routing-key>', otherwise: `attach to /exchanges/${exchange}/<routing-key>, with the routing key percent-encoded (${rest.slice(1).join('/')})` };
  }
  if (head === 'topic' && rest.length >= 1) {
    if (role === 'receiver') return { form: '/topic/<binding-key>', otherwise: TEMP_QUEUE };
    const key = one(rest);
    return key
      ? { form: '/topic/<routing-key>', exact: `/exchanges/amq.topic/${encodeSegment(key)}` }
      : { form: '/topic/<routing-key>', otherwise: `attach to /exchanges/amq.topic/<routing-key>, with the routing key percent-encoded (${rest.join('/')})` };
  }
  return undefined;
}
