// Options a project function never passes on: it builds a library call's options from keys of its parameter
// (`{ durable: opts.durable }`), and a caller hands it other keys that library reads (`{ durable: true, arguments }`).
// One check for every client: each declares its keys as data (option-keys.ts).
import type * as t from '@babel/types';
import type { IgnoredOption } from '../../model';
import { propertyKeyName, unwrap, type Node } from '../../parse/ast';
import { calledName, callSitesOf, type CallSite } from '../../resolve/call-sites';
import { contextOf, type FileContext } from '../../resolve/file-context';
import { keysReadFromParam, passesParamOnce } from '../../resolve/param-keys';
import { usesTestDoubles } from '../../resolve/test-files';
import type { ObjectValue, PropertyValue, Value } from '../../resolve/values';
import { ignoredOption, ignoredOptionKeys, type OptionKeys, type OptionsSite } from './option-keys';

const MAX_LEVELS = 3;
/** Value shapes that may read a parameter's key (`opts.durable`, `durable`, `opts.x ?? y`): the only props worth resolving. */
const MAY_READ_PARAM = new Set(['Identifier', 'MemberExpression', 'OptionalMemberExpression', 'LogicalExpression', 'ConditionalExpression', 'TSAsExpression', 'TSNonNullExpression', 'ParenthesizedExpression']);

/** Every key of `options` that never arrives: one its library ignores (written here), or one a caller passes that the function building them drops. */
export function optionKeysThatNeverArrive(ctx: FileContext, options: ObjectValue | undefined, keys: OptionKeys, site: OptionsSite): IgnoredOption[] {
  return [...ignoredOptionKeys(ctx, options, keys, site), ...droppedOptionKeys(ctx, options, keys, site)];
}

/**
 * The keys callers write for `options` (a library call's options, built in a project function from its parameter's
 * keys) that the function never reads from that parameter, among those the library reads (or confuses): they never
 * arrive. Each is reported where the caller writes it; a caller's value equal to what the library gets anyway is not.
 */
export function droppedOptionKeys(ctx: FileContext, options: ObjectValue | undefined, keys: OptionKeys, site: OptionsSite): IgnoredOption[] {
  // A spread the code does not resolve may bring any key (a spread parameter brings them all).
  if (!options || options.open || !ctx.resolver.project) return [];
  const out: IgnoredOption[] = [];
  for (const { fn, index, home } of paramsFeeding(ctx, options)) {
    const reads = keysReadFromParam(home, fn, index);
    if (!reads) continue;
    const missing = (key: string) => !reads.has(key) && (Object.hasOwn(keys.reads, key) || (!!keys.confusions && Object.hasOwn(keys.confusions, key)));
    const wrapper = calledName(home, fn);
    for (const { call, via } of callers(home, fn, index, 0)) {
      const written = writtenObject(call.ctx, call.arg);
      for (const prop of written?.properties ?? []) {
        const key = prop.type === 'ObjectProperty' ? propertyKeyName(prop) : undefined;
        if (prop.type !== 'ObjectProperty' || !key || !missing(key)) continue;
        const passed = call.ctx.resolver.resolve(prop.value as Node);
        const uses = whatArrives(key, passed, options.props.get(key), keys);
        if (!uses) continue;
        const builtAt = `${options.file.path}:${options.file.lines.position(options.origin.start).line}`;
        // The key the library reads it as: itself, or (for another library's name) the one it stands for.
        const intended = keys.confusions && Object.hasOwn(keys.confusions, key) ? keys.confusions[key].intended : key;
        out.push(ignoredOption(call.ctx, prop.key as Node, site, { key, intended, uses, side: 'dropped', through: { wrapper, reads: [...reads], builtAt, via: [...via].reverse() } }));
      }
    }
  }
  return out;
}

/** The parameters (function, position) whose keys some of the options' values are. */
function paramsFeeding(ctx: FileContext, options: ObjectValue): { fn: t.Function; index: number; home: FileContext }[] {
  const out: { fn: t.Function; index: number; home: FileContext }[] = [];
  for (const prop of options.props.values()) {
    if (prop.node.type !== 'ObjectProperty' || !MAY_READ_PARAM.has((prop.node.value as Node).type)) continue;
    const v = prop.value();
    if (v.kind !== 'unknown' || !v.param || out.some((p) => p.fn === v.param!.fn && p.index === v.param!.index)) continue;
    const home = contextOf(ctx, prop.file);
    if (home) out.push({ fn: v.param.fn, index: v.param.index, home });
  }
  return out;
}

/** An argument a call passes at a parameter's position, and the functions it came through (outermost last). */
interface Passed {
  call: { ctx: FileContext; arg: Node };
  via: string[];
}

/** The arguments the project's calls of `fn` pass at `index`, following callers that hand their own parameter on whole. */
function callers(home: FileContext, fn: t.Function, index: number, level: number): Passed[] {
  const project = home.resolver.project;
  const absolute = home.resolver.absolute;
  if (!project || !absolute || level >= MAX_LEVELS) return [];
  const out: Passed[] = [];
  const sites = callSitesOf(fn, home, absolute, project).filter((s) => !(s.ctx === home && s.call.start! >= fn.start! && s.call.end! <= fn.end!));
  // Unit tests call helpers with test doubles: outside them, those calls do not count.
  for (const site of usesTestDoubles(home.file) ? sites : sites.filter((s) => !usesTestDoubles(s.ctx.file))) {
    const arg = argumentAt(site, index);
    if (!arg) continue;
    const outer = handedOn(site, arg);
    if (!outer) {
      out.push({ call: { ctx: site.ctx, arg }, via: [] });
      continue;
    }
    const name = calledName(site.ctx, outer.fn);
    for (const p of callers(site.ctx, outer.fn, outer.index, level + 1)) out.push({ ...p, via: [...p.via, name] });
  }
  return out;
}

function argumentAt(site: CallSite, index: number): Node | undefined {
  const args = site.call.arguments;
  if (args.slice(0, index + 1).some((a) => a.type === 'SpreadElement' || a.type === 'ArgumentPlaceholder')) return undefined;
  return args[index] as Node | undefined;
}

/** The caller's own parameter, handed on whole and used nowhere else (`(name, opts) => declare(ch, name, opts)`). */
function handedOn(site: CallSite, arg: Node): { fn: t.Function; index: number } | undefined {
  const node = unwrap(arg);
  if (node.type !== 'Identifier') return undefined;
  const b = site.ctx.resolver.scopes.lookup(node.name, node);
  if (b?.kind !== 'param' || !b.fn || b.paramIndex === undefined || b.path.length) return undefined;
  return passesParamOnce(site.ctx, b.fn, b.paramIndex, site.call) ? { fn: b.fn, index: b.paramIndex } : undefined;
}

/** The object literal a caller writes for the options: in the call, or in a const the call is its only use of. */
function writtenObject(ctx: FileContext, arg: Node): t.ObjectExpression | undefined {
  const node = unwrap(arg);
  if (node.type === 'ObjectExpression') return node;
  if (node.type !== 'Identifier') return undefined;
  const b = ctx.resolver.scopes.lookup(node.name, node);
  const init = b?.kind === 'const' && !b.path.length && b.init ? unwrap(b.init as Node) : undefined;
  if (init?.type !== 'ObjectExpression') return undefined;
  const scope = ctx.file.parentOf(ctx.file.parentOf(b!.declaration) ?? b!.declaration) ?? ctx.file.ast.program;
  const uses = ctx.file.nodesUnder(scope).filter((n) => n.type === 'Identifier' && n.name === node.name && n !== b!.id && ctx.resolver.scopes.lookup(n.name, n) === b);
  return uses.length === 1 ? init : undefined;
}

/**
 * What the library gets instead of the caller's value (a clause), or undefined when that is the same value: the one the
 * function writes itself, or the library's default.
 */
function whatArrives(key: string, passed: Value, own: PropertyValue | undefined, keys: OptionKeys): string | undefined {
  const literal = passed.kind === 'literal' ? passed.value : undefined;
  if (own) {
    const v = own.value();
    if (v.kind === 'literal' && passed.kind === 'literal' && v.value === literal) return undefined;
    const shown = own.node.type === 'ObjectProperty' ? own.file.source(own.node.value as Node) : 'a method';
    return `it writes ${key} there itself (${shown})`;
  }
  const confusion = keys.confusions && Object.hasOwn(keys.confusions, key) ? keys.confusions[key] : undefined;
  if (confusion) return `it would not be read there either: ${confusion.uses}`;
  if (passed.kind === 'literal' && keys.defaults && Object.hasOwn(keys.defaults, key) && keys.defaults[key] === literal) return undefined;
  return `without it, ${keys.reads[key]}`;
}
