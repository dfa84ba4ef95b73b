// The declaration whose result names a consumed queue: `q.queue` of `const q = await ch.assertQueue(...)`, a destructured `{ queue }`.
import type * as t from '@babel/types';
import { calleeMethod, isCall, memberName, unwrap, type Node } from '../../parse/ast';
import { shared, type FileContext } from '../../resolve/file-context';

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

/**
 * The declaration calls (one of `methods`) that name their queue with the same variable a consume call names
 * it with: `const q = process.env.Q || 'orders'; await ch.assertQueue(q, ...); await ch.consume(q, ...)`, or
 * `this.queue` of the same class where the class sets it once. Whatever the variable holds at run time, those
 * declarations declare the queue consumed: they say its type. Empty for anything else.
 */
export function declarationsNamedBy(ctx: FileContext, expr: Node | undefined, methods: ReadonlySet<string>): CallNode[] {
  const key = expr && sameValueKey(ctx, unwrap(expr));
  if (!key) return [];
  const byKey = shared(ctx, `declarations-by-name:${[...methods].join(',')}`, () => {
    const out = new Map<string, CallNode[]>();
    for (const node of ctx.file.nodes) {
      if (!isCall(node) || !methods.has(calleeMethod(node)?.method ?? '')) continue;
      const first = node.arguments[0];
      const k = first && first.type !== 'SpreadElement' && first.type !== 'ArgumentPlaceholder' ? sameValueKey(ctx, unwrap(first as Node)) : undefined;
      if (k) out.set(k, [...(out.get(k) ?? []), node]);
    }
    return out;
  });
  return byKey.get(key) ?? [];
}

/** An identity for expressions that hold the same value wherever they are read: a variable never reassigned, or a field set once. */
function sameValueKey(ctx: FileContext, node: Node): string | undefined {
  const scopes = ctx.resolver.scopes;
  if (node.type === 'Identifier') {
    const b = scopes.lookup(node.name, node);
    return b && !scopes.isReassigned(node.name) ? `var:${b.id.start}:${b.path.join('.')}` : undefined;
  }
  if ((node.type === 'MemberExpression' || node.type === 'OptionalMemberExpression') && node.object.type === 'ThisExpression') {
    const name = memberName(node);
    const cls = ctx.file.enclosingClass(node);
    return name && cls && ctx.file.thisAssignments(cls, name).length <= 1 ? `this:${cls.start}:${name}` : undefined;
  }
  return undefined;
}
