// The parts of a model subject that come from the call itself: its arguments, a label naming it,
// where it is reported and where a marker comment goes, and what shape a string argument has.
import type * as t from '@babel/types';
import { unwrap, type Node } from '../../parse/ast';
import type { FileContext } from '../../resolve/file-context';
import type { CallNode } from './resolved';

/** The call's arguments, with spreads as holes. */
export function callArgs(call: CallNode): (Node | undefined)[] {
  return call.arguments.map((a) => (a.type === 'SpreadElement' || a.type === 'ArgumentPlaceholder' ? undefined : (a as Node)));
}

/** `rabbit.queueDeclare()`, `new AMQPClient(…).connect()`: the callee with inner arguments elided. */
export function calleeLabel(ctx: FileContext, call: CallNode | t.NewExpression): string {
  const text = ctx.file
    .source(call.callee as Node)
    .replace(/\s*[\r\n]\s*/g, '')
    .replace(/(?<=[\w$\])])\((?:[^()]|\([^()]*\))+\)/g, '(…)');
  return `${call.type === 'NewExpression' ? 'new ' : ''}${text.length > 40 ? `…${text.slice(-39)}` : text}()`;
}

/**
 * The fields every subject has: id, client, where it is reported (`at`, the call by default), the
 * statement a marker comment goes above (the one holding `at`), and a label naming the call.
 */
export function subjectAt(ctx: FileContext, call: CallNode, client: string, at: Node = call) {
  return {
    id: `${client}:${at.start}`,
    client,
    at: ctx.file.span(at),
    statementStart: ctx.file.statementOf(at).start ?? 0,
    callee: calleeLabel(ctx, call),
  };
}

/**
 * Whether an expression is certainly a string (a string parameter, a template, a concatenation
 * with a literal) and, if it can tell, whether it is non-empty.
 */
export function stringShape(ctx: FileContext, node: Node, depth = 0): { string: boolean; nonEmpty?: boolean } {
  const n = unwrap(node);
  const value = ctx.resolver.resolve(n);
  if (value.kind === 'literal' && typeof value.value === 'string') return { string: true, nonEmpty: value.value !== '' };
  if (n.type === 'TemplateLiteral') return { string: true, nonEmpty: n.quasis.some((q) => (q.value.cooked ?? '') !== '') || undefined };
  if (n.type === 'BinaryExpression' && n.operator === '+') {
    const parts = [n.left as Node, n.right].map((p) => ctx.resolver.resolve(p));
    if (parts.some((p) => p.kind === 'literal' && typeof p.value === 'string')) {
      return { string: true, nonEmpty: parts.some((p) => p.kind === 'literal' && typeof p.value === 'string' && p.value !== '') || undefined };
    }
  }
  if (n.type === 'Identifier') {
    const b = ctx.resolver.scopes.lookup(n.name, n);
    // const queueName = `chat-stream-${name}`: the shape of what it holds.
    if (b?.kind === 'const' && b.init && b.path.length === 0 && depth < 4) {
      const held = stringShape(ctx, b.init, depth + 1);
      if (held.string) return held;
    }
    const ann = b?.id.typeAnnotation;
    if (ann?.type === 'TSTypeAnnotation' && ann.typeAnnotation.type === 'TSStringKeyword') return { string: true };
  }
  return { string: false };
}
