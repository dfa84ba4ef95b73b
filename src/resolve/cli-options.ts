// A command line's declared option defaults (commander's `.option(flags, description, default)`), read as the value
// `program.opts()` holds when the flag is not passed: what a program run without that flag does.
import type * as t from '@babel/types';
import { calleeMethod, isCall, unwrap, type Node, type ParsedFile } from '../parse/ast';
import type { Value } from './contracts';

const OPTION_METHODS = ['.option', '.requiredOption'];

/** The identifier a call chain starts from: `program` of `program.option(...).option(...)`. */
function chainRoot(node: Node): string | undefined {
  let cur = unwrap(node);
  while (isCall(cur) || cur.type === 'MemberExpression' || cur.type === 'OptionalMemberExpression') {
    cur = unwrap(isCall(cur) ? (cur.callee as Node) : (cur.object as Node));
  }
  return cur.type === 'Identifier' ? cur.name : undefined;
}

/** `--durable` → durable, `--queue-name <name>` → queueName, `--no-durable` → durable (negated). */
function flagKey(flags: string): { key: string; negated: boolean; takesValue: boolean } | undefined {
  const long = /--([\w-]+)/.exec(flags)?.[1];
  if (!long) return undefined;
  const negated = long.startsWith('no-');
  const name = negated ? long.slice(3) : long;
  return { key: name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()), negated, takesValue: /[<[]/.test(flags) };
}

/**
 * What `opts()` (a commander program's options) holds under `key` when the flag is not passed: the declared default
 * (`.option('--durable', 'desc', false)`), true for a `--no-x` flag, undefined for a flag with none. Not editable: a fix
 * never changes a command line's default. Undefined when `call` is no `x.opts()` of a program declaring that option.
 */
export function cliOptionDefault(file: ParsedFile, call: Node, key: string, resolve: (node: Node) => Value): Value | undefined {
  const node = unwrap(call);
  const m = isCall(node) && node.arguments.length === 0 ? calleeMethod(node) : undefined;
  if (!m || m.method !== 'opts') return undefined;
  const program = chainRoot(m.object);
  if (!program) return undefined;
  for (const method of OPTION_METHODS) {
    for (const option of file.callsNamed(method)) {
      const [flagsNode, , third, fourth] = option.arguments as Node[];
      // `.option(flags, description, parse, default)` when the third is a parser.
      const defaultNode = third && isFunctionArg(third) ? fourth : third;
      const flags = flagsNode && resolve(flagsNode);
      const parsed = flags?.kind === 'literal' && typeof flags.value === 'string' ? flagKey(flags.value) : undefined;
      if (!parsed || parsed.key !== key || chainRoot(option) !== program) continue;
      const readOnly = `it is the default of the command line option ${(flags as { value: string }).value} (a run that passes the flag decides otherwise): change the option's default or what the code does with it`;
      if (defaultNode && defaultNode.type !== 'SpreadElement') {
        const v = resolve(defaultNode);
        return v.kind === 'literal' ? { ...v, editable: false, readOnly } : v;
      }
      if (parsed.negated) return { kind: 'literal', value: true, origin: file.span(option), editable: false, readOnly };
      return { kind: 'literal', value: undefined, editable: false, readOnly };
    }
  }
  return undefined;
}

/** `.option(flags, description, parseFn, default)`: a custom parser in the third place. */
function isFunctionArg(node: Node): boolean {
  const n = unwrap(node) as t.Node;
  return n.type === 'ArrowFunctionExpression' || n.type === 'FunctionExpression' || n.type === 'Identifier' && /^(parseInt|parseFloat|Number)$/.test(n.name);
}
