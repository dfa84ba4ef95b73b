// rhea and rhea-promise (AMQP 1.0): the links the code attaches and their addresses.
import { calleeMethod, isCall, type Node } from '../../parse/ast';
import type { Amqp10Link, FileModel, Span } from '../../model';
import type { ClientModule } from '../types';
import type { FileContext } from '../../resolve/file-context';
import type { Value } from '../../resolve/values';
import { readString, type CallNode } from '../model-builders/resolved';
import type { RenderResult } from '../../fix/render-result';
import type { ObjectShape } from '../../resolve/objects/shape';
import { receiverAt, recognised } from '../model-builders/receivers';

const LIBRARY = 'rhea';

/** rhea's link calls (connection or session), and the terminus each attaches to. */
const RHEA_CALLS: Record<string, Amqp10Link['role']> = { open_sender: 'sender', attach_sender: 'sender', open_receiver: 'receiver', attach_receiver: 'receiver' };
const RHEA_PROMISE_CALLS: Record<string, Amqp10Link['role']> = { createSender: 'sender', createAwaitableSender: 'sender', createReceiver: 'receiver' };

const LINK_CALLS = new Set([...Object.keys(RHEA_CALLS), ...Object.keys(RHEA_PROMISE_CALLS)]);

/**
 * rhea's container (the module) connects; rhea-promise's `new Connection(options)` is a connection. Their link calls
 * as data, for a connection or session the tracker cannot follow (an event context's `context.connection`, a
 * parameter): rhea's `open_sender(address | options)` and the like, rhea-promise's `createSender(options)`.
 */
const RHEA_SHAPE: ObjectShape = {
  library: LIBRARY,
  source: /^rhea(-promise)?$/,
  imported: (name) => (name === 'default' || name === '*' ? { kind: 'container' } : name === 'Connection' ? { kind: 'connection-class' } : name === 'create_container' ? { kind: 'container-factory' } : undefined),
  member: (of, name) => (of.kind === 'container' && name === 'Connection' ? { kind: 'connection-class' } : of.kind === 'container' && name === 'create_container' ? { kind: 'container-factory' } : undefined),
  construct: (callee) => (callee.kind === 'connection-class' ? { kind: 'connection' } : undefined),
  call: (callee) => (callee.kind === 'container-factory' ? { kind: 'container' } : undefined),
  method(target, method) {
    if (target.kind === 'container' && method === 'connect') return { kind: 'connection' };
    if (target.kind === 'container' && method === 'create_container') return { kind: 'container' };
    if (target.kind === 'connection' && (method === 'create_session' || method === 'createSession')) return { kind: 'connection' };
    return undefined;
  },
  api: {
    packageName: 'rhea',
    shapes: [
      ...Object.keys(RHEA_CALLS).map((method) => ({ method, receiver: 'connection', makes: 'consumer' as const, forms: [['any']] as const })),
      ...Object.keys(RHEA_PROMISE_CALLS).map((method) => ({ method, receiver: 'connection', makes: 'consumer' as const, forms: [['options']] as const })),
    ],
  },
};

interface RheaLinkSyntax {
  call: CallNode;
  /** The address's string literal, when it is written inside the call. */
  literal?: Span;
}

/**
 * rhea and rhea-promise (AMQP 1.0): the links a file opens and the address each attaches to.
 * rhea's `open_sender('addr')` / `open_receiver('addr')` take the target / source address, or
 * options whose `target` / `source` is the address or `{ address }` (lib/session.js `attach`);
 * rhea-promise's `createSender` / `createAwaitableSender` / `createReceiver` take those options.
 */
export const rhea: ClientModule = {
  name: LIBRARY,
  shapes: [RHEA_SHAPE],
  mentions: /\brhea\b/,
  analyze(ctx: FileContext, model: FileModel) {
    for (const node of ctx.file.nodes) {
      if (!isCall(node)) continue;
      const method = calleeMethod(node)?.method;
      if (!method || !LINK_CALLS.has(method)) continue;
      const arg = node.arguments[0];
      if (!arg || arg.type === 'SpreadElement' || arg.type === 'ArgumentPlaceholder') continue;
      // The recognition ladder: a connection or session the tracker follows, else one inferred from the call's shape.
      const receiver = receiverAt(ctx, node, LIBRARY);
      if (!receiver) continue;
      let role = Object.hasOwn(RHEA_CALLS, method) ? RHEA_CALLS[method] : undefined;
      // rhea-promise takes only options objects; other SDKs' createReceiver('queue') are not its links.
      if (!role && Object.hasOwn(RHEA_PROMISE_CALLS, method) && ctx.resolver.resolve(arg as Node).kind === 'object') role = RHEA_PROMISE_CALLS[method];
      const link = role && linkAt(ctx, node, role, arg as Node);
      if (link) model.links.push(recognised(link, receiver.note));
    }
  },
  render(subject, intents, ctx): RenderResult {
    const intent = intents[0];
    if (subject.kind !== 'amqp10-link' || intents.length !== 1 || intent.kind !== 'set-address') return { ok: false, reason: `cannot render ${intents.map((i) => i.kind).join(', ')} here` };
    const { literal } = subject.syntax as RheaLinkSyntax;
    if (!literal) return { ok: false, reason: 'the address is not a string literal written in the call' };
    const quote = ctx.file.text[literal.start];
    return { ok: true, edits: [{ start: literal.start, end: literal.end, text: `${quote}${intent.address}${quote}` }], touched: [literal] };
  },
};

function linkAt(ctx: FileContext, call: CallNode, role: Amqp10Link['role'], arg: Node): Amqp10Link | undefined {
  const { file, resolver } = ctx;
  let value: Value = resolver.resolve(arg);
  let at = file.span(arg);
  if (value.kind === 'object') {
    // A link with no terminus of its kind has the null address: nothing to check.
    const terminus = value.object.props.get(role === 'sender' ? 'target' : 'source');
    if (!terminus) return undefined;
    value = terminus.value();
    at = terminus.file.span(terminus.node);
    if (value.kind === 'object') {
      const address = value.object.props.get('address');
      if (!address) return undefined;
      value = address.value();
      at = address.file.span(address.node);
    }
  }
  if (value.kind === 'literal' && (value.value === undefined || value.value === null)) return undefined;
  const address = readString(file, value, at);
  const callSpan = file.span(call);
  const origin = address.kind === 'known' ? address.origin : undefined;
  const literal = origin && isPlainString(file.text, origin, address.kind === 'known' ? address.value : '') && origin.file === callSpan.file && origin.start >= callSpan.start && origin.end <= callSpan.end ? origin : undefined;
  return {
    kind: 'amqp10-link',
    id: `${LIBRARY}:${call.start}`,
    client: LIBRARY,
    at: callSpan,
    statementStart: file.statementOf(call).start ?? 0,
    callee: `${file.source(call.callee).replace(/\s+/g, '')}()`,
    role,
    address,
    syntax: { call, literal } satisfies RheaLinkSyntax,
  };
}

/** The span is a quoted string with exactly this text (no escapes, no substitutions). */
function isPlainString(text: string, span: Span, value: string): boolean {
  const src = text.slice(span.start, span.end);
  const quote = src[0];
  return (quote === "'" || quote === '"' || quote === '`') && src === `${quote}${value}${quote}` && !value.includes('\\') && !value.includes('${');
}
