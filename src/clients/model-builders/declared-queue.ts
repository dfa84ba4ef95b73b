// The declaration whose result names a consumed queue: `q.queue` of `const q = await ch.assertQueue(...)`, a destructured `{ queue }`.
import type * as t from '@babel/types';
import { calleeMethod, isCall, memberName, unwrap, type Node } from '../../parse/ast';
import type { FileContext } from '../../resolve/file-context';

type CallNode = t.CallExpression | t.OptionalCallExpression;

/**
 * The declaration call (one of `methods`) whose result's `field` an expression holds: `q.queue` where
 * `const q = await ch.assertQueue('', { exclusive: true })`, `const { queue } = await ch.assertQueue(...)`,
 * `(await ch.assertQueue(...)).queue`. Undefined for anything else (a name, a parameter, a reassigned variable).
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
    return b && b.kind !== 'param' && !scopes.isReassigned(id.name) ? b : undefined;
  };
  if ((node.type === 'MemberExpression' || node.type === 'OptionalMemberExpression') && memberName(node) === field) {
    const object = unwrap(node.object);
    if (object.type !== 'Identifier') return declaring(object);
    const b = constant(object);
    return b && b.path.length === 0 ? declaring(b.init) : undefined;
  }
  if (node.type === 'Identifier') {
    const b = constant(node);
    return b && b.path.length === 1 && b.path[0] === field ? declaring(b.init) : undefined;
  }
  return undefined;
}
