// The declaration whose result names a consumed queue: `q.queue` of `const q = await ch.assertQueue(...)`, a destructured `{ queue }`.
import type * as t from '@babel/types';
import { calleeMethod, isCall, memberName, unwrap, type Node } from '../../parse/ast';
import type { FileContext } from '../../resolve/file-context';

type CallNode = t.CallExpression | t.OptionalCallExpression;

/**
 * The declaration call (one of `methods`) whose result's `field` an expression holds: `q.queue` where
 * `const q = await ch.assertQueue('', { exclusive: true })`, `const { queue } = await ch.assertQueue(...)`,
 * `(await ch.assertQueue(...)).queue`, or the result a callback receives (`assertQueue('', opts, (err, q) => ...)`,
 * `.then((q) => ...)`). Undefined for anything else (a name, another parameter, a reassigned variable).
 */
export function declarationCallOf(ctx: FileContext, expr: Node | undefined, methods: ReadonlySet<string>, field: string): CallNode | undefined {
  if (!expr) return undefined;
  const scopes = ctx.resolver.scopes;
  const node = unwrap(expr);
  const declaring = (e: Node | null | undefined): CallNode | undefined => {
    const call = e && unwrap(e);
    return call && isCall(call) && methods.has(calleeMethod(call)?.method ?? '') ? call : undefined;
  };
  const constant = (id: t.Identifier) => {
    const b = scopes.lookup(id.name, id);
    return b && !scopes.isReassigned(id.name) ? b : undefined;
  };
  // The result a callback receives: `assertQueue(name, opts, (err, q) => ...)`, `assertQueue(...).then((q) => ...)`.
  const received = (b: NonNullable<ReturnType<typeof constant>>): CallNode | undefined => {
    const fn = b.fn;
    const call = fn && ctx.file.parentOf(fn);
    if (!fn || !call || !isCall(call)) return undefined;
    if (b.paramIndex === 1 && call.arguments[call.arguments.length - 1] === (fn as never)) return declaring(call);
    const m = calleeMethod(call);
    return b.paramIndex === 0 && m?.method === 'then' && call.arguments[0] === (fn as never) ? declaring(m.object) : undefined;
  };
  if ((node.type === 'MemberExpression' || node.type === 'OptionalMemberExpression') && memberName(node) === field) {
    const object = unwrap(node.object);
    if (object.type !== 'Identifier') return declaring(object);
    const b = constant(object);
    if (!b || b.path.length !== 0) return undefined;
    return b.kind === 'param' ? received(b) : declaring(b.init);
  }
  if (node.type === 'Identifier') {
    const b = constant(node);
    if (!b || b.path.length !== 1 || b.path[0] !== field) return undefined;
    return b.kind === 'param' ? received(b) : declaring(b.init);
  }
  return undefined;
}
