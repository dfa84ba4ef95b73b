// Whether a call runs at all, as the conditions around it in its function decide (`if (prefetch) ch.prefetch(prefetch)`).
import { isFunction, type Node, type ParsedFile } from '../../parse/ast';
import { known, unknown, type Resolved } from '../../model';
import type { Resolver as ValueResolver } from '../../resolve/contracts';

/**
 * Whether a call runs, as the `if`s (and `cond && call()`) around it in its function decide: known false
 * when a condition the code settles says never, unknown while one depends on run time (a parameter: each
 * caller decides), undefined when nothing guards it.
 */
export function runsWhen(file: ParsedFile, resolver: ValueResolver, call: Node): Resolved<boolean> | undefined {
  let child: Node = call;
  let pending: Resolved<boolean> | undefined;
  for (const a of file.ancestors(call)) {
    if (isFunction(a)) break;
    let test: Node | undefined;
    let wanted = true;
    if (a.type === 'IfStatement' && (a.consequent === child || a.alternate === child)) {
      test = a.test as Node;
      wanted = a.consequent === child;
    } else if (a.type === 'LogicalExpression' && a.operator === '&&' && a.right === child) test = a.left as Node;
    // A statement before it in the same block that leaves the function first (`if (typeof handler !== 'function') throw ...`).
    if (!test && (a.type === 'BlockStatement' || a.type === 'Program')) {
      const exit = exitBefore(resolver, a.body as Node[], child);
      if (exit) return exit;
    }
    child = a;
    if (!test) continue;
    const v = resolver.resolve(test);
    // A command line flag's default settles nothing: a run that passes the flag takes the other branch.
    if (v.kind === 'literal' && v.readOnly) {
      pending ??= unknown(`it runs only if \`${file.source(test)}\` is ${wanted ? 'truthy' : 'falsy'}, which a command line flag decides`, file.span(test));
    } else if (v.kind === 'literal') {
      if (Boolean(v.value) !== wanted) return known(false, file.span(test));
    } else if (v.kind === 'unknown') {
      pending ??= unknown(`it runs only if \`${file.source(test)}\` is ${wanted ? 'truthy' : 'falsy'}, which ${v.reason.replace(/^`[^`]*` /, '')}`, file.span(test), v.param);
    } else if (!wanted) return known(false, file.span(test));
  }
  return pending;
}

/** `if (test) throw ...` / `if (test) return ...` among the statements before `child`, its test settled true: the call never runs. */
function exitBefore(resolver: ValueResolver, body: Node[], child: Node): Resolved<boolean> | undefined {
  for (const stmt of body) {
    if (stmt === child) return undefined;
    if (stmt.type !== 'IfStatement' || stmt.alternate || !leaves(stmt.consequent as Node)) continue;
    const v = resolver.resolve(stmt.test as Node);
    const truthy = v.kind === 'literal' ? !v.readOnly && !!v.value : v.kind === 'object' || v.kind === 'array' || v.kind === 'function';
    if (truthy) return known(false, resolver.file.span(stmt.test as Node));
  }
  return undefined;
}

/** A branch that leaves the function: a `throw` or a `return`, alone or as its block's first statement. */
function leaves(branch: Node): boolean {
  const first = branch.type === 'BlockStatement' ? (branch.body[0] as Node | undefined) : branch;
  return first?.type === 'ThrowStatement' || first?.type === 'ReturnStatement';
}
