// A field a project class inherits from a library class whose constructor sets it from its options (Nest's ServerRMQ:
// `this.queueOptions = options.queueOptions || {}`), as the library describes it (LibraryClassFields): at each
// construction of the project class, what its options say, or the library's default; where nothing constructs it, the default.
import type * as t from '@babel/types';
import type { Node } from '../parse/ast';
import type { FileContext } from './file-context';
import type { LibraryClassField, Value } from './contracts';
import { constructionsOf } from './constructions';
import { oneOf } from './union';

/** Synthetic empty object literals for a default `{}`, one per `extends` clause (the same node each time it is read). */
const EMPTY_DEFAULTS = new WeakMap<Node, t.ObjectExpression>();

/** `this.<name>` in a class that sets no such field itself: the field its library superclass sets, if the library describes it. */
export function inheritedLibraryField(ctx: FileContext, cls: t.ClassDeclaration | t.ClassExpression, name: string, depth: number): Value | undefined {
  const project = ctx.resolver.project;
  const absolute = ctx.resolver.absolute;
  if (!cls.superClass || !project || !absolute) return undefined;
  const library = project.objects.libraryClass(cls.superClass as Node, ctx);
  const field = library && Object.hasOwn(library.fields.fields, name) ? library.fields.fields[name] : undefined;
  if (!library || !field) return undefined;
  const at = cls.superClass as Node;
  const what = `\`this.${name}\` (${library.name}'s ${field.option} option)`;
  const ctor = cls.body.body.find((m): m is t.ClassMethod => m.type === 'ClassMethod' && m.kind === 'constructor');
  const superCall = ctor && ctx.file.nodesUnder(ctor.body).find((n): n is t.CallExpression => n.type === 'CallExpression' && n.callee.type === 'Super');
  if (ctor && !superCall) return undefined;
  const index = library.fields.optionsParam;
  const sites = cls.type === 'ClassDeclaration' ? constructionsOf(cls, ctx, absolute, project) : [];
  // Nothing in the project makes one: what a construction that passes no options gets.
  if (!sites.length) return defaultOf(ctx, at, field, library.name, name, `nothing in the project constructs ${cls.id?.name ?? 'the class'}, so it is ${library.name}'s default`);
  const values = sites.map((site): Value => {
    const args = site.call.arguments.map((a) => (a.type === 'SpreadElement' || a.type === 'ArgumentPlaceholder' ? undefined : (a as Node)));
    const line = `${site.ctx.file.path}:${site.ctx.file.lines.position(site.call.start ?? 0).line}`;
    // A constructor of its own hands the library what its `super(...)` call passes, read with this construction's arguments.
    const passed = superCall ? superCall.arguments[index] : site.call.arguments[index];
    if (passed?.type === 'SpreadElement' || passed?.type === 'ArgumentPlaceholder') return { kind: 'unknown', reason: `${what} is spread into \`new ${cls.id?.name}(...)\` at ${line}` };
    const resolver = superCall && ctor ? ctx.resolver.withCallSite({ fn: ctor, args, caller: site.ctx.resolver }) : site.ctx.resolver;
    const options = passed ? resolver.resolve(passed as Node, depth + 1) : undefined;
    return fieldFrom(ctx, at, options, field, library.name, name, `\`new ${cls.id?.name}(...)\` at ${line}`);
  });
  const one = oneOf(values, what);
  return one.kind === 'unknown' && one.reason.startsWith('differs') ? { kind: 'unknown', reason: `${what} differs between the ${values.length} constructions of ${cls.id?.name}` } : one;
}

/** The field as the library sets it from one construction's options. */
function fieldFrom(ctx: FileContext, at: Node, options: Value | undefined, field: LibraryClassField, library: string, name: string, construction: string): Value {
  const fallback = `${construction} passes no ${field.option} option, so it is ${library}'s default`;
  if (!options || (options.kind === 'literal' && (options.value === undefined || options.value === null))) return defaultOf(ctx, at, field, library, name, fallback);
  if (options.kind === 'unknown') return { ...options, reason: `\`this.${name}\` is the ${field.option} option of ${construction}, whose options ${options.reason.replace(/^`[^`]*` (is )?/, '')}` };
  if (options.kind !== 'object') return { kind: 'unknown', reason: `\`this.${name}\` is the ${field.option} option of ${construction}, whose options are not an object` };
  const prop = options.object.props.get(field.option);
  if (!prop) return options.object.open ? { kind: 'unknown', reason: `\`this.${name}\` is the ${field.option} option of ${construction}, whose options ${options.object.open}` } : defaultOf(ctx, at, field, library, name, fallback);
  const value = prop.value();
  const falsy = value.kind === 'literal' && !value.value;
  return field.orDefault && falsy ? defaultOf(ctx, at, field, library, name, fallback) : value;
}

/** The library's default for the field: a literal, an empty object, or unknown where it depends on the library's version. */
function defaultOf(ctx: FileContext, at: Node, field: LibraryClassField, library: string, name: string, why: string): Value {
  if (field.unsettled || field.default === undefined) return { kind: 'unknown', reason: `\`this.${name}\` is set by ${library}: ${why}, which ${field.unsettled ?? 'it does not say'}` };
  const readOnly = `\`this.${name}\` is set by ${library} (${why})`;
  const origin = ctx.file.span(at);
  if (typeof field.default !== 'object' || field.default === null) return { kind: 'literal', value: field.default as Exclude<typeof field.default, object>, origin, editable: false, readOnly };
  let node = EMPTY_DEFAULTS.get(at);
  if (!node) EMPTY_DEFAULTS.set(at, (node = { type: 'ObjectExpression', properties: [], start: at.start, end: at.end, loc: at.loc } as t.ObjectExpression));
  return { kind: 'object', object: { file: ctx.file, node, origin, props: new Map(), reads: [], readOnly } };
}
