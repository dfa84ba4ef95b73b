// A connection or channel the code opens, as the model holds it, and the frameMax fix's rendering.
import type { ConnectionOpen, FixIntent } from '../../model';
import { calleeMethod, isCall, isFunction, unwrap, type Node } from '../../parse/ast';
import type * as t from '@babel/types';
import type { FileContext } from '../../resolve/file-context';
import { unitOfWorkOf } from './unit-of-work';
import type { FrameMaxSetting } from './frame-max';
import type { RenderResult } from '../../fix/render-result';

export interface OpenParts {
  /** The subject's id, when the client needs its own (default: `${client}:${start}`). */
  id?: string;
  client: string;
  callee: string;
  what: ConnectionOpen['what'];
  /** The library's publish calls, and the calls that close what was opened (default: close). */
  publishMethods: readonly string[];
  closeMethods?: readonly string[];
  /** The frameMax the call sets (see frame-max.ts). */
  frameMax?: FrameMaxSetting;
  frameMaxClientMinimum?: ConnectionOpen['frameMaxClientMinimum'];
  syntax: unknown;
}

/** What every client's connection syntax carries for the frameMax fix. */
interface FrameMaxSyntax {
  frameMaxEdit?: FrameMaxSetting['edit'];
}

/** A connection or channel the code opens at `node`, with the unit of work it is opened for, if any (for connection-churn). */
export function connectionOpenAt(ctx: FileContext, node: Node, parts: OpenParts): ConnectionOpen {
  const { file } = ctx;
  const perUnitOfWork = unitOfWorkOf(ctx, node, { publish: parts.publishMethods, close: parts.closeMethods ?? ['close'] });
  return {
    kind: 'connection-open',
    id: parts.id ?? `${parts.client}:${node.start}`,
    client: parts.client,
    at: file.span(node),
    statementStart: file.statementOf(node).start ?? 0,
    callee: parts.callee,
    what: parts.what,
    ...(perUnitOfWork ? { perUnitOfWork } : {}),
    ...(perUnitOfWork && parts.what === 'channel' ? channelOnShared(ctx, node, parts.closeMethods ?? ['close']) : {}),
    ...(parts.frameMax ? { frameMax: parts.frameMax.value, frameMaxVia: parts.frameMax.via } : {}),
    ...(parts.frameMax && parts.frameMaxClientMinimum ? { frameMaxClientMinimum: parts.frameMaxClientMinimum } : {}),
    syntax: parts.frameMax?.edit ? { ...(parts.syntax as object), frameMaxEdit: parts.frameMax.edit } satisfies FrameMaxSyntax : parts.syntax,
  };
}

/**
 * `const ch = await this.connection.createChannel(); try { ... } finally { await ch.close(); }`: a channel on a
 * connection this function does not open (a field, a module's variable, a parameter), closed in a `finally` of the
 * function that opens it, or by a statement after it in the block that opens it (`await work(ch); await ch.close();`).
 */
function channelOnShared(ctx: FileContext, open: Node, closes: readonly string[]): Pick<ConnectionOpen, 'channelOnShared'> {
  const { file } = ctx;
  const call = unwrap(open);
  const m = isCall(call) ? calleeMethod(call) : undefined;
  if (!m) return {};
  let holder: Node = open;
  let parent = file.parentOf(holder);
  while (parent && (parent.type === 'AwaitExpression' || parent.type === 'ParenthesizedExpression' || parent.type === 'TSAsExpression')) {
    holder = parent;
    parent = file.parentOf(holder);
  }
  if (parent?.type !== 'VariableDeclarator' || parent.id.type !== 'Identifier') return {};
  const name = parent.id.name;
  let fn: t.Function | undefined;
  for (const a of file.ancestors(open)) if (isFunction(a)) {
    fn = a;
    break;
  }
  if (!fn) return {};
  // The connection: declared outside this function (a field, a module variable) or handed in, not opened by this run.
  const receiver = unwrap(m.object);
  const root = receiver.type === 'MemberExpression' ? unwrap(receiver.object as Node) : receiver;
  if (root.type === 'Identifier') {
    const b = ctx.resolver.scopes.lookup(root.name, root);
    const local = b && b.kind !== 'param' && (b.id.start ?? 0) >= (fn.start ?? 0) && (b.id.end ?? 0) <= (fn.end ?? 0);
    if (!b || local) return {};
  } else if (root.type !== 'ThisExpression') return {};
  const closeSet = new Set(closes);
  const closesIt = (n: Node) => {
    const c = isCall(n) ? calleeMethod(n) : undefined;
    const on = c && closeSet.has(c.method) ? unwrap(c.object) : undefined;
    return on?.type === 'Identifier' && on.name === name;
  };
  const on = `a channel on the long-lived connection \`${file.source(m.object).replace(/\s+/g, '')}\``;
  if (file.nodesUnder(fn).some((n) => n.type === 'TryStatement' && !!n.finalizer && file.nodesUnder(n.finalizer).some(closesIt))) return { channelOnShared: `${on}, closed in the finally block` };
  // Closed after use by a statement of the block that opens it (`const ch = await conn.createChannel(); await work(ch); await ch.close();`).
  const declaration = file.parentOf(parent);
  const block = declaration && file.parentOf(declaration);
  if (block?.type === 'BlockStatement' || block?.type === 'Program') {
    const after = (block.body as Node[]).slice((block.body as Node[]).indexOf(declaration!) + 1);
    if (after.some((stmt) => stmt.type === 'ExpressionStatement' && closesIt(unwrap(stmt.expression as Node)))) return { channelOnShared: `${on}, closed after use` };
  }
  return {};
}

/** `frameMax: 4096` → `frameMax: 8192`, `?frameMax=4096` → `?frameMax=8192`: the digits the code wrote, replaced. */
export function renderConnectionOpen(open: ConnectionOpen, intents: FixIntent[]): RenderResult {
  const intent = intents[0];
  if (intents.length !== 1 || intent.kind !== 'set-frame-max') return { ok: false, reason: `cannot render ${intents.map((i) => i.kind).join(', ')} here` };
  const at = (open.syntax as FrameMaxSyntax | undefined)?.frameMaxEdit;
  if (!at) return { ok: false, reason: 'frameMax comes from a named constant or is built at run time: change it where it is set' };
  return { ok: true, edits: [{ start: at.start, end: at.end, text: String(intent.value), file: at.file }], touched: [at] };
}
