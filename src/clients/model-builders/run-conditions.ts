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
