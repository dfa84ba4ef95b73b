// A command line's declared option defaults (commander's `.option(flags, description, default)`), read as the value
// `program.opts()` and an `.action(handler)`'s options parameter hold when the flag is not passed.
import type * as t from '@babel/types';
import { calleeMethod, isCall, isFunction, unwrap, type Node, type ParsedFile } from '../parse/ast';
import type { Value } from './contracts';

type Call = t.CallExpression | t.OptionalCallExpression;
const OPTION_METHODS = new Set(['option', 'requiredOption']);

/** The expression a call chain starts from: `program` of `program.option(...).option(...)`. */
function chainStart(node: Node): Node {
  let cur = unwrap(node);
  while (isCall(cur) || cur.type === 'MemberExpression' || cur.type === 'OptionalMemberExpression') {
    cur = unwrap(isCall(cur) ? (cur.callee as Node) : (cur.object as Node));
  }
  return cur;
}

/** The calls of a chain that configure one command, from `call` back to its start or to the `.command()` that made it. */
function commandChain(call: Call, commander = true): { calls: Call[]; start?: string } {
  const calls: Call[] = [];
  let called = false;
  for (let cur: Node = unwrap(call); ; ) {
    if (isCall(cur)) {
      const m = calleeMethod(cur);
      calls.push(cur);
      // `program.command('serve <dir>').option(...)`: the options before `.command()` are the parent's.
      if (commander && m?.method === 'command') return { calls };
      cur = unwrap(cur.callee as Node);
      called = !m;
    } else if (cur.type === 'MemberExpression' || cur.type === 'OptionalMemberExpression') cur = unwrap(cur.object as Node);
    // A chain on a name (`program.option(...)`) may go on in other statements; one on a call (`yargs(argv)...`) does not.
    else return { calls, start: cur.type === 'Identifier' && !called ? cur.name : undefined };
  }
}

/** Every call configuring the command `call` belongs to: its chain, and `program.option(...)` statements on the same name. */
function commandCalls(file: ParsedFile, call: Call, commander = true): Call[] {
  const own = commandChain(call, commander);
  if (!own.start) return own.calls;
  const more: Call[] = [];
  for (const method of [...OPTION_METHODS, 'options', 'argument', 'arguments']) {
    for (const c of file.callsNamed(`.${method}`)) {
      const chain = commandChain(c, commander);
      if (chain.start === own.start && !own.calls.includes(c)) more.push(c);
    }
  }
  return [...own.calls, ...more].sort((a, b) => (a.start ?? 0) - (b.start ?? 0));
}

/** `--durable` → durable, `--queue-name <name>` → queueName, `--no-durable` → durable (negated), `-d` → d. */
function flagKey(flags: string): { key: string; long?: string; negated: boolean } | undefined {
  const long = /--([\w-]+)/.exec(flags)?.[1];
  const name = long ?? /(?:^|[\s,|])-(\w)\b/.exec(flags)?.[1];
  if (!name) return undefined;
  const negated = name.startsWith('no-');
  const base = negated ? name.slice(3) : name;
  return { key: base.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()), long: long && (negated ? base : long), negated };
}

/**
 * What the options of the command configured by `calls` hold under `key` when no flag is passed, as commander sets
 * them in declaration order: the declared default (`.option('--durable', 'desc', false)`), true for a `--no-x` flag
 * unless an `--x` flag is declared before it, undefined for a flag with none; unknown for a required option. Not
 * editable: a fix never changes a command line's default. Undefined when no option of the command has that key.
 */
function optionValue(file: ParsedFile, calls: Call[], key: string, resolve: (node: Node) => Value): Value | undefined {
  let value: Value | undefined;
  const positives = new Set<string>();
  for (const option of calls) {
    const m = calleeMethod(option);
    if (!m || !OPTION_METHODS.has(m.method)) continue;
    const [flagsNode, , third, fourth] = option.arguments as Node[];
    const flags = flagsNode && resolve(flagsNode);
    const parsed = flags?.kind === 'literal' && typeof flags.value === 'string' ? flagKey(flags.value) : undefined;
    if (!parsed || parsed.key !== key) continue;
    const text = (flags as { value: string }).value;
    const readOnly = `it is the default of the command line option ${text} (a run that passes the flag decides otherwise): change the option's default or what the code does with it`;
    // `.option(flags, description, parse, default)` when the third is a parser.
    const defaultNode = third && isParser(third) ? fourth : third;
    if (defaultNode && defaultNode.type !== 'SpreadElement') {
      const v = resolve(defaultNode);
      value = v.kind === 'literal' ? { ...v, editable: false, readOnly } : v;
    } else if (m.method === 'requiredOption') {
      value = { kind: 'unknown', reason: `\`${text}\` is a required command line option: each run passes its value`, origin: file.span(flagsNode) };
    } else if (parsed.negated) {
      if (!positives.has(key)) value = { kind: 'literal', value: true, origin: file.span(flagsNode), editable: false, readOnly };
    } else {
      positives.add(key);
      value ??= { kind: 'literal', value: undefined, editable: false, readOnly };
    }
  }
  return value;
}

/**
 * What `opts()` (a commander program's options) holds under `key` when the flag is not passed. Undefined when `call`
 * is no `x.opts()` of a program declaring that option.
 */
export function cliOptionDefault(file: ParsedFile, call: Node, key: string, resolve: (node: Node) => Value): Value | undefined {
  let node = unwrap(call);
  if (node.type === 'AwaitExpression' && node.argument) node = unwrap(node.argument as Node);
  const argv = yargsArgv(node);
  if (argv) return yargsValue(commandCalls(file, argv, false), key, resolve);
  const m = isCall(node) && node.arguments.length === 0 ? calleeMethod(node) : undefined;
  if (!m || m.method !== 'opts') return undefined;
  const program = chainStart(m.object);
  if (program.type !== 'Identifier') return undefined;
  const calls = [...OPTION_METHODS].flatMap((method) => file.callsNamed(`.${method}`)).filter((c) => commandChain(c).start === program.name);
  return optionValue(file, calls.sort((a, b) => (a.start ?? 0) - (b.start ?? 0)), key, resolve);
}

/** `y.argv`, `y.parse()`, `y.parseSync()` of a yargs chain: the call it reads the options of (the chain's last call). */
function yargsArgv(node: Node): Call | undefined {
  const holder = node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier' && node.property.name === 'argv' ? unwrap(node.object as Node) : undefined;
  if (holder && isCall(holder)) return holder;
  const m = isCall(node) && node.arguments.length === 0 ? calleeMethod(node) : undefined;
  return (m?.method === 'parse' || m?.method === 'parseSync') && isCall(unwrap(m.object)) ? (unwrap(m.object) as Call) : undefined;
}

const camel = (name: string) => name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

/**
 * What yargs' argv holds under `key` (an option's name, an alias, or their camel case) when no flag is passed: the
 * option's `default`; unknown for a required one (`demandOption`); undefined for one with neither (a boolean's is left
 * unknown). Undefined when no `.option(name, {...})` / `.options({...})` of the chain declares the key.
 */
function yargsValue(calls: Call[], key: string, resolve: (node: Node) => Value): Value | undefined {
  let value: Value | undefined;
  for (const call of calls) {
    const m = calleeMethod(call)?.method;
    const [first, second] = call.arguments as Node[];
    const declared: [string, Value][] = [];
    if (m === 'option' && first && second && unwrap(second).type === 'ObjectExpression') {
      const name = resolve(first);
      if (name.kind === 'literal' && typeof name.value === 'string') declared.push([name.value, resolve(second)]);
    } else if (m === 'options' && first) {
      const all = resolve(first);
      if (all.kind === 'object') for (const [k, p] of all.object.props) declared.push([k, p.value()]);
    }
    for (const [name, spec] of declared) {
      if (spec.kind !== 'object') continue;
      const alias = spec.object.props.get('alias')?.value();
      const aliases = alias?.kind === 'literal' && typeof alias.value === 'string' ? [alias.value] : alias?.kind === 'array' ? alias.items.flatMap((a) => (a.kind === 'literal' && typeof a.value === 'string' ? [a.value] : [])) : [];
      const names = [name, ...aliases];
      if (!names.some((n) => n === key || camel(n) === key)) continue;
      const flag = `${name.length === 1 ? '-' : '--'}${name}`;
      const readOnly = `it is the default of the command line option ${flag} (a run that passes the flag decides otherwise): change the option's default or what the code does with it`;
      const prop = (k: string) => spec.object.props.get(k)?.value();
      const given = prop('default');
      const required = prop('demandOption') ?? prop('demand') ?? prop('required');
      const type = prop('type');
      if (given) value = given.kind === 'literal' ? { ...given, editable: false, readOnly } : given;
      else if (required?.kind === 'literal' && required.value) value = { kind: 'unknown', reason: `\`${flag}\` is a required command line option: each run passes its value` };
      else if ((type?.kind === 'literal' && type.value === 'boolean') || prop('boolean')) value = undefined;
      else value = { kind: 'literal', value: undefined, editable: false, readOnly };
    }
  }
  return value;
}

/** How commander calls an `.action(handler)`: the command's arguments, then its options, then the command. */
export interface ActionCall {
  action: Call;
  /** The handler's parameters, as commander passes them (the options at the index after the arguments). */
  given: Value[];
  optionsIndex: number;
}

/** `x.action(handler)` of a commander command: what each of the handler's parameters holds. Undefined for any other call. */
export function commandLineAction(file: ParsedFile, action: Call, resolve: (node: Node) => Value): ActionCall | undefined {
  if (calleeMethod(action)?.method !== 'action' || action.arguments.length !== 1) return undefined;
  const calls = commandCalls(file, action);
  if (!calls.some((c) => OPTION_METHODS.has(calleeMethod(c)?.method ?? ''))) return undefined;
  let count = 0;
  for (const c of calls) {
    const m = calleeMethod(c)?.method;
    if (m !== 'argument' && m !== 'arguments' && m !== 'command') continue;
    const spec = c.arguments[0] ? resolve(c.arguments[0] as Node) : undefined;
    if (spec?.kind !== 'literal' || typeof spec.value !== 'string') return undefined;
    const words = spec.value.trim().split(/ +/);
    count += m === 'argument' ? 1 : m === 'arguments' ? words.length : words.length - 1;
  }
  const at = file.span(action);
  const line = file.lines.position(action.start ?? 0).line;
  const argument: Value = { kind: 'unknown', reason: `is a command line argument (${file.path}:${line})`, origin: at };
  const options: Value = {
    kind: 'unknown',
    reason: `holds the command line options (${file.path}:${line}), which each run decides`,
    origin: at,
    members: (key) => optionValue(file, calls, key, resolve),
  };
  const command: Value = { kind: 'unknown', reason: `is the command line's command object (${file.path}:${line})`, origin: at };
  return { action, given: [...Array.from({ length: count }, () => argument), options, command], optionsIndex: count };
}

/** The handler an `.action(...)` call is given, when it is `fn` (written there, or named). */
export function isActionHandler(file: ParsedFile, action: Call, fn: t.Function, resolve: (node: Node) => Value): boolean {
  const arg = action.arguments[0] && unwrap(action.arguments[0] as Node);
  if (!arg || calleeMethod(action)?.method !== 'action') return false;
  if (arg === fn) return true;
  if (isFunction(arg)) return false;
  const v = resolve(arg);
  return v.kind === 'function' && v.node === fn;
}

/** `.option(flags, description, parseFn, default)`: a custom parser in the third place. */
function isParser(node: Node): boolean {
  const n = unwrap(node) as t.Node;
  return n.type === 'ArrowFunctionExpression' || n.type === 'FunctionExpression' || (n.type === 'Identifier' && /^(parseInt|parseFloat|Number)$/.test(n.name));
}
