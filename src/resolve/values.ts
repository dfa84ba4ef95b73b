// The value resolver: expressions to known, unknown (with why) or structured values, across files.
import type * as t from '@babel/types';
import { isFunction, memberName, propertyKeyName, unwrap, type Node, type ParsedFile } from '../parse/ast';
import type { Span } from '../model';
import { Scopes, type Binding } from './scope';
import { returnedExpression } from './functions';
import { oneOf } from './union';
import { fieldWrites, type FieldWrite } from './class-fields';
import { thisAlias, thisOwner, type ThisOwner } from './this-owner';
import { cliOptionDefault } from './cli-options';
import { inheritedLibraryField } from './library-fields';
import { nodeConfigRoot } from './node-config';
import { defaultsOf, mergeImport } from './merges';
import type { CallSiteBinding, ObjectValue, ParamRef, Primitive, ProjectView, PropertyValue, Resolver, Value } from './contracts';

export type { CallSiteBinding, ObjectValue, ParamRef, Primitive, PropertyValue, Value };

const MAX_DEPTH = 24;
/** What a string value has as properties (its length and String's methods). */
const STRING_MEMBERS = new Set(Object.getOwnPropertyNames(String.prototype));

export function describe(file: ParsedFile, node: Node, max = 48): string {
  const text = file.source(node).replace(/\s+/g, ' ');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** `{ a, ...rest } = value`: an object's other properties (anything else stays what it is, unknown). */
function restOf(value: Value, taken: string[]): Value {
  if (value.kind !== 'object') return value.kind === 'unknown' ? value : { kind: 'unknown', reason: 'is the rest of a value that is not an object' };
  const props = new Map([...value.object.props].filter(([k]) => !taken.includes(k)));
  return { kind: 'object', object: { ...value.object, props } };
}

/** Resolves expressions of one file to values, following consts, objects and spreads within the file. */
export class ValueResolver implements Resolver {
  readonly scopes: Scopes;
  private readonly memo = new Map<Node, Value>();
  private readonly active = new Set<Node>();

  constructor(
    readonly file: ParsedFile,
    /** Resolves imports across files; without it, imported values are unknown. */
    readonly project?: ProjectView,
    readonly absolute?: string,
    /** Arguments of one call site for a function's parameters (interprocedural evaluation). */
    private readonly callSite?: CallSiteBinding,
  ) {
    this.scopes = new Scopes(file);
  }

  /** This file's values as seen from one call of `fn`: its parameters take that call's arguments. */
  withCallSite(binding: CallSiteBinding): ValueResolver {
    return new ValueResolver(this.file, this.project, this.absolute, binding);
  }

  /** A function, class or enum declaration as a value. */
  resolveDeclaration(node: Node): Value {
    if (node.type === 'ClassDeclaration') return { kind: 'class', node };
    if (isFunction(node)) return { kind: 'function', node };
    if (node.type === 'TSEnumDeclaration') return this.enumValue(node, 0);
    return { kind: 'unknown', reason: `\`${describe(this.file, node)}\` is a declaration`, origin: this.file.span(node) };
  }

  resolve(expr: Node | null | undefined, depth = 0): Value {
    if (!expr) return { kind: 'literal', value: undefined, editable: false };
    const node = unwrap(expr);
    const cached = this.memo.get(node);
    if (cached) return cached;
    if (depth > MAX_DEPTH || this.active.has(node)) {
      return { kind: 'unknown', reason: `\`${describe(this.file, node)}\` refers to itself`, origin: this.file.span(node) };
    }
    this.active.add(node);
    try {
      const value = this.compute(node, depth + 1);
      this.memo.set(node, value);
      return value;
    } finally {
      this.active.delete(node);
    }
  }

  /** Resolves `node` and then walks a destructuring path into it. */
  resolvePath(node: Node, path: string[], depth = 0): Value {
    // `const { durable } = program.opts()`: a command line option's declared default.
    const option = path.length === 1 ? cliOptionDefault(this.file, node, path[0], (n) => this.resolve(n, depth)) : undefined;
    if (option) return option;
    let value = this.resolve(node, depth);
    for (const key of path) value = this.member(value, key, node);
    return value;
  }

  member(value: Value, key: string, at: Node): Value {
    // A rest element's path segment (`...name,type` of `{ name, type, ...rest }`): the object without those keys.
    if (key.startsWith('...')) return restOf(value, key.slice(3).split(',').filter(Boolean));
    if (value.kind === 'module') {
      return this.project ? this.project.exported(value.absolute, key) : { kind: 'unknown', reason: `comes from another module` };
    }
    if (value.kind === 'object') {
      const prop = value.object.props.get(key);
      if (prop) return prop.value();
      // `{ ...DEFAULTS, ...options }` with `options` a parameter: each call of the function decides the key.
      if (value.object.open) return { kind: 'unknown', reason: value.object.open, origin: value.object.origin, ...(value.object.openParam ? { param: value.object.openParam } : {}) };
      return { kind: 'literal', value: undefined, editable: false, absentKey: { key, holder: value.object } };
    }
    // A property of an argument the caller leaves out (library mode): the caller sets none.
    if (value.kind === 'literal' && value.omitted) return value;
    if (value.kind === 'array' && /^\d+$/.test(key)) {
      return value.items[Number(key)] ?? { kind: 'literal', value: undefined, editable: false };
    }
    if (value.kind === 'unknown' && value.string && !STRING_MEMBERS.has(key)) return { kind: 'literal', value: undefined, editable: false };
    if (value.kind === 'unknown' && value.members) return value.members(key) ?? { kind: 'unknown', reason: value.reason, origin: value.origin };
    if (value.kind === 'unknown') return value;
    return { kind: 'unknown', reason: `\`${describe(this.file, at)}\` has no property ${key}`, origin: this.file.span(at) };
  }

  private compute(node: Node, depth: number): Value {
    const span = this.file.span(node);
    switch (node.type) {
      case 'StringLiteral':
      case 'NumericLiteral':
      case 'BooleanLiteral':
        return { kind: 'literal', value: node.value, origin: span, editable: true };
      case 'NullLiteral':
        return { kind: 'literal', value: null, origin: span, editable: true };
      case 'TemplateLiteral':
        return this.template(node, depth);
      case 'Identifier':
        return this.identifier(node, depth);
      case 'MemberExpression':
      case 'OptionalMemberExpression':
        return this.memberExpression(node, depth);
      case 'ObjectExpression':
        return { kind: 'object', object: this.object(node, depth) };
      case 'ArrayExpression':
        return {
          kind: 'array',
          origin: span,
          items: node.elements.map((el) =>
            el && el.type !== 'SpreadElement' ? this.resolve(el, depth) : { kind: 'unknown', reason: 'spread in an array', origin: span },
          ),
        };
      case 'UnaryExpression':
        return this.unary(node, depth);
      case 'BinaryExpression':
        return this.binary(node, depth);
      case 'LogicalExpression':
        return this.logical(node, depth);
      case 'ConditionalExpression': {
        // A test the code settles (a parameter a caller sets, a constant) picks its branch.
        const test = this.resolve(node.test, depth);
        if (test.kind === 'literal') return this.resolve(test.value ? node.consequent : node.alternate, depth);
        if (test.kind === 'object' || test.kind === 'array' || test.kind === 'function') return this.resolve(node.consequent, depth);
        const a = this.resolve(node.consequent, depth);
        const b = this.resolve(node.alternate, depth);
        if (a.kind === 'literal' && b.kind === 'literal' && a.value === b.value) return { ...a, editable: false };
        // `ok(x) && x > 0 ? x : 20`: truthy in both branches, the test vouching for the first.
        const truthy = isTruthy(b) && (isTruthy(a) || assertsTruthy(node.test, node.consequent));
        // `x != undefined ? x : 1`, `x == null ? 1 : x`: x when it is set, else a truthy fallback, as `x ?? 1` (chosen).
        const set = setTest(this.file, node.test);
        const chosen = !truthy && set !== undefined && (set.isSet ? set.operand === this.file.source(node.consequent) && isTruthy(b) : set.operand === this.file.source(node.alternate) && isTruthy(a));
        // A test on a parameter (`typeof options === 'object' ? options : {}`): each caller decides it.
        const param = test.kind === 'unknown' ? test.param : undefined;
        return { kind: 'unknown', reason: `depends on the run-time condition \`${describe(this.file, node.test)}\``, origin: span, ...(truthy ? { truthy: true as const } : {}), ...(chosen ? { chosen: true as const } : {}), ...(param ? { param } : {}) };
      }
      case 'CallExpression':
        return this.call(node, depth);
      // new Map([[key, value], ...]): iterated (for...of), its entries are the array's [key, value] tuples.
      case 'NewExpression':
        if (node.callee.type === 'Identifier' && node.callee.name === 'Map' && !this.scopes.lookup('Map', node) && node.arguments[0]?.type === 'ArrayExpression') return this.resolve(node.arguments[0] as Node, depth);
        return { kind: 'unknown', reason: `computed at run time by \`${describe(this.file, node)}\``, origin: span };
      case 'FunctionExpression':
      case 'ArrowFunctionExpression':
        return { kind: 'function', node };
      case 'AssignmentExpression':
        // `f(durable = false)`: the call receives the assigned value (an edit must not change the assignment).
        if (node.operator === '=') {
          const assigned = this.resolve(node.right, depth);
          return assigned.kind === 'literal' ? { ...assigned, editable: false } : assigned;
        }
        return { kind: 'unknown', reason: `computed at run time by \`${describe(this.file, node)}\``, origin: span };
      case 'SequenceExpression':
        return this.resolve(node.expressions[node.expressions.length - 1], depth);
      default:
        return { kind: 'unknown', reason: `computed at run time by \`${describe(this.file, node)}\``, origin: span };
    }
  }

  private template(node: t.TemplateLiteral, depth: number): Value {
    let out = node.quasis[0].value.cooked ?? '';
    for (let i = 0; i < node.expressions.length; i++) {
      const part = this.resolve(node.expressions[i] as Node, depth);
      if (part.kind !== 'literal') {
        return { kind: 'unknown', reason: `built at run time from \`${describe(this.file, node.expressions[i] as Node)}\``, origin: this.file.span(node) };
      }
      out += String(part.value) + (node.quasis[i + 1].value.cooked ?? '');
    }
    return { kind: 'literal', value: out, origin: this.file.span(node), editable: node.expressions.length === 0 };
  }

  private identifier(node: t.Identifier, depth: number): Value {
    if (node.name === 'undefined') return { kind: 'literal', value: undefined, origin: this.file.span(node), editable: false };
    const binding = this.scopes.lookup(node.name, node);
    const span = this.file.span(node);
    if (!binding) return { kind: 'unknown', reason: `\`${node.name}\` is not declared in this file`, origin: span };
    switch (binding.kind) {
      case 'const':
      case 'let':
      case 'var':
        if (binding.kind !== 'const' && this.scopes.isReassigned(node.name)) {
          return this.branchValue(binding, node, depth) ?? { kind: 'unknown', reason: `\`${node.name}\` is reassigned at run time`, origin: this.file.span(binding.id) };
        }
        if (!binding.init && this.loopOf(binding)?.type === 'ForOfStatement') return this.forOfElement(binding, node, depth);
        if (!binding.init && this.isForInKey(binding)) return { kind: 'unknown', reason: `\`${node.name}\` is a key of the object a for-in loop walks`, origin: this.file.span(binding.id), string: true };
        if (!binding.init) return { kind: 'unknown', reason: `\`${node.name}\` has no initial value`, origin: this.file.span(binding.id) };
        return this.changedLater(binding, this.withPatternDefault(binding, this.resolvePath(binding.init, binding.path, depth), depth), depth);
      case 'param': {
        // `options = { ...DEFAULTS, ...options }` at the top of the function: what reads after it see.
        const reassigned = this.paramReassignment(binding, node);
        if (reassigned) return this.resolve(reassigned, depth);
        // An overload's dispatch (`if (typeof options === 'function') { handler = options; options = {}; }`): the branch
        // this call's arguments pick, else the argument itself.
        if (this.scopes.isReassigned(node.name)) {
          const branched = this.branchValue(binding, node, depth, () => this.paramArgument(binding, node, depth));
          if (branched) return branched;
        }
        return this.paramArgument(binding, node, depth);
      }
      case 'import': {
        // `import config from 'config'`: node-config's configuration, as the project's config folder sets it.
        const configured = binding.importSource === 'config' && (binding.importedName ?? 'default') === 'default' ? this.nodeConfig(binding.id) : undefined;
        if (configured) return configured;
        const helper = binding.importSource ? mergeImport(binding.importSource, binding.importedName ?? 'default') : undefined;
        if (helper) return helper;
        if (this.project && this.absolute && binding.importSource) {
          const value = this.project.imported(this.absolute, binding.importSource, binding.importedName ?? 'default');
          return value.kind === 'unknown' ? { ...value, reason: `\`${node.name}\` ${value.reason}`, origin: value.origin ?? this.file.span(binding.id) } : value;
        }
        return { kind: 'unknown', reason: `\`${node.name}\` is imported from '${binding.importSource}'`, origin: this.file.span(binding.id) };
      }
      case 'function':
        if (isFunction(binding.declaration)) return { kind: 'function', node: binding.declaration };
        return { kind: 'unknown', reason: `\`${node.name}\` is a function`, origin: span };
      case 'enum':
        return this.enumValue(binding.declaration as t.TSEnumDeclaration, depth);
      case 'class':
        return { kind: 'class', node: binding.declaration as t.ClassDeclaration };
      default:
        return { kind: 'unknown', reason: `\`${node.name}\` is a ${binding.kind}`, origin: span };
    }
  }

  /** A parameter read at this call site: the argument it is given (or its default), else unknown with the parameter. */
  private paramArgument(binding: Binding, node: t.Identifier, depth: number): Value {
    const site = this.callSite;
    const bound = site && (binding.fn === site.fn ? site.args : site.also?.find((b) => b.fn === binding.fn)?.args);
    // A field a method reads that its class's constructor sets from a parameter (`private options = {}`), read at a call
    // of that method from another method of the same instance (`this.assertQueue(name)`): what that caller's reading
    // knows of the construction (a caller that passes nothing, the arguments of a `new C(...)` it was called on).
    if (site && !bound && isConstructor(binding.fn) && site.caller !== this && site.caller.file === this.file) return site.caller.resolve(node, depth);
    const required = site?.passesNothing && !binding.init && binding.fn && binding.paramIndex !== undefined && !mayBeLeftOut(binding.fn.params[binding.paramIndex]);
    if (site && bound && binding.paramIndex !== undefined && !(site.defaultsOnly && !binding.init) && !required) {
      const arg = bound[binding.paramIndex];
      // A missing or undefined argument takes the parameter's default value.
      const given = binding.fn === site.fn && site.given ? site.given[binding.paramIndex] : arg ? site.caller.resolve(arg, depth) : undefined;
      const missing: Value = { kind: 'literal', value: undefined, editable: false, ...(site.passesNothing && !arg ? { omitted: true as const } : {}) };
      const value = !given || (given.kind === 'literal' && given.value === undefined) ? (binding.init ? this.resolve(binding.init, depth) : given ?? missing) : given;
      return binding.path.length ? this.withPatternDefault(binding, binding.path.reduce((v, k) => this.member(v, k, node), value), depth) : value;
    }
    const fnName = functionName(binding.fn);
    return {
      kind: 'unknown',
      reason: `\`${node.name}\` is a parameter of ${fnName}: its value depends on each caller`,
      origin: this.file.span(binding.id),
      param: binding.fn && binding.paramIndex !== undefined ? { fn: binding.fn, index: binding.paramIndex, name: node.name } : undefined,
    };
  }

  /**
   * An object the code changes after making it (`opts.durable = false`, `opts[key] = v`): each changed
   * property is unknown, with where it is set (a rewrite must not edit the literal the code overrides).
   */
  private changedLater(binding: Binding, value: Value, depth: number): Value {
    if (value.kind !== 'object' || binding.path.length) return value;
    const changes = this.file.assignmentsToMembersOf(binding.name).filter((a) => this.scopes.lookup(binding.name, (a.left as t.MemberExpression).object as Node) === binding);
    const assigns = this.objectAssignsTo(binding);
    if (!changes.length && !assigns.length) return value;
    const object: ObjectValue = { ...value.object, props: new Map(value.object.props) };
    // Object.assign(target, ...sources): the sources' properties, as a spread would bring them, when the
    // call is a statement right in the block that declares the object. Under a condition, a loop or a
    // callback it may or may not have run: what it sets is unknown. A source the code does not settle
    // may set anything.
    for (const call of assigns) {
      const at = `\`${describe(this.file, call)}\` at ${this.file.path}:${this.file.lines.position(call.start ?? 0).line}`;
      const always = this.runsWithDeclaration(binding, call);
      for (const arg of call.arguments.slice(1)) {
        const source = arg.type === 'SpreadElement' || arg.type === 'ArgumentPlaceholder' ? undefined : this.resolve(arg as Node, depth);
        if (source?.kind !== 'object') {
          object.open = `is changed after it is made (${at})`;
          object.props.clear();
          continue;
        }
        for (const [k, v] of source.object.props) {
          object.props.set(k, always ? v : { ...v, value: () => ({ kind: 'unknown', reason: `may be set by ${at}`, origin: this.file.span(call) }) });
        }
        if (source.object.computed) (object.computed ??= []).push(...source.object.computed);
        if (source.object.open || !always) object.open = source.object.open ?? `is changed after it is made (${at})`;
        object.reads = [...object.reads, ...source.object.reads];
      }
    }
    for (const a of changes) {
      const left = a.left as t.MemberExpression;
      const key = memberName(left);
      const at = `\`${describe(this.file, a)}\` at ${this.file.path}:${this.file.lines.position(a.start ?? 0).line}`;
      const prop = key === undefined ? undefined : object.props.get(key);
      if (key === undefined || !prop) object.open = `is changed after it is made (${at})`;
      if (prop && key !== undefined) object.props.set(key, { ...prop, value: () => ({ kind: 'unknown', reason: `is set again by ${at}`, origin: this.file.span(a) }) });
    }
    return { kind: 'object', object };
  }

  /** A call that is a statement of the block declaring the binding, after the declaration: it runs whenever the object is made. */
  private runsWithDeclaration(binding: Binding, call: Node): boolean {
    const statement = this.file.parentOf(call);
    const declaration = binding.declaration.type === 'VariableDeclarator' ? this.file.parentOf(binding.declaration) : undefined;
    if (statement?.type !== 'ExpressionStatement' || !declaration) return false;
    const block = this.file.parentOf(statement);
    return !!block && block === this.file.parentOf(declaration) && (statement.start ?? 0) > (declaration.end ?? 0);
  }

  /** `Object.assign(name, ...)` calls on the binding. */
  private objectAssignsTo(binding: Binding): (t.CallExpression | t.OptionalCallExpression)[] {
    return this.file.callsNamed('.assign').filter((call) => {
      const callee = unwrap(call.callee as Node);
      const target = call.arguments[0] && unwrap(call.arguments[0] as Node);
      return (
        callee.type === 'MemberExpression' && callee.object.type === 'Identifier' && callee.object.name === 'Object' &&
        target?.type === 'Identifier' && target.name === binding.name && this.scopes.lookup(binding.name, target) === binding
      );
    });
  }

  /** `for (const key in object)`: the loop's variable, a string key. */
  private isForInKey(binding: Binding): boolean {
    return !binding.path.length && this.loopOf(binding)?.type === 'ForInStatement';
  }

  /** The for-in or for-of loop whose own declaration (`for (const x of …)`) declares the binding. */
  private loopOf(binding: Binding): t.ForInStatement | t.ForOfStatement | undefined {
    if (binding.declaration.type !== 'VariableDeclarator') return undefined;
    const declaration = this.file.parentOf(binding.declaration);
    const loop = declaration && this.file.parentOf(declaration);
    return (loop?.type === 'ForInStatement' || loop?.type === 'ForOfStatement') && loop.left === declaration ? loop : undefined;
  }

  /** `for (const x of list)` over an array the code settles: x is one of its elements (what they all agree on). */
  private forOfElement(binding: Binding, node: t.Identifier, depth: number): Value {
    const loop = this.loopOf(binding) as t.ForOfStatement;
    const list = this.resolve(loop.right, depth);
    if (list.kind !== 'array' || loop.await) {
      return { kind: 'unknown', reason: `\`${node.name}\` is an element of \`${describe(this.file, loop.right)}\`${list.kind === 'unknown' ? `, which ${list.reason.replace(/^`[^`]*` /, '')}` : ''}`, origin: this.file.span(binding.id) };
    }
    const what = `\`${describe(this.file, loop.right)}\``;
    return oneOf(list.items.map((item) => binding.path.reduce((v, k) => this.member(v, k, node), item)), what);
  }

  /** `object[key]` inside `for (const key in object)`: one of the object's values (what they all agree on). */
  private forInEntry(node: t.MemberExpression | t.OptionalMemberExpression, depth: number): Value | undefined {
    const key = unwrap(node.property as Node);
    if (!node.computed || key.type !== 'Identifier') return undefined;
    const binding = this.scopes.lookup(key.name, key);
    if (!binding || binding.init || !this.isForInKey(binding) || this.scopes.isReassigned(key.name)) return undefined;
    const loop = this.loopOf(binding)!;
    const walked = this.resolve(loop.right, depth);
    const object = this.resolve(node.object, depth);
    // Walking a parameter: each caller decides (the entry is unknown until a call site binds it).
    if (walked.kind === 'unknown' && walked.param) return { ...walked, reason: `\`${describe(this.file, node)}\` is an entry of ${walked.reason.replace(/^`[^`]*` is /, '')}` };
    if (walked.kind !== 'object' || object.kind !== 'object' || walked.object.node !== object.object.node || object.object.open) return undefined;
    return oneOf([...object.object.props.values()].map((p) => p.value()), `\`${describe(this.file, node.object)}\``);
  }

  /** A destructured name's pattern default (`{ durable = false } = opts`), taken when the property is absent. */
  private withPatternDefault(binding: Binding, value: Value, depth: number): Value {
    if (!binding.patternDefault || value.kind !== 'literal' || value.value !== undefined) return value;
    return this.resolve(binding.patternDefault, depth);
  }

  private enumValue(decl: t.TSEnumDeclaration, depth: number): Value {
    const props = new Map<string, PropertyValue>();
    const holder = decl as unknown as t.ObjectExpression;
    const members = 'members' in decl ? decl.members : (decl as unknown as { body: { members: t.TSEnumMember[] } }).body.members;
    for (const member of members) {
      const key = member.id.type === 'Identifier' ? member.id.name : member.id.value;
      const init = member.initializer;
      props.set(key, {
        key,
        file: this.file,
        node: member as unknown as t.ObjectProperty,
        holder,
        value: () => (init ? this.resolve(init, depth) : { kind: 'unknown', reason: `enum member ${key} has an implicit value` }),
      });
    }
    return { kind: 'object', object: { file: this.file, node: holder, origin: this.file.span(decl), props, reads: [] } };
  }

  private memberExpression(node: t.MemberExpression | t.OptionalMemberExpression, depth: number): Value {
    const text = describe(this.file, node);
    if (node.object.type === 'ThisExpression') return this.classField(node, depth);
    // `self.options` where `var self = this`: the field, as `this.options` reads it where self is given `this`.
    const alias = this.thisAliasOf(node.object as Node);
    const aliased = alias && memberName(node);
    if (alias && aliased) return this.thisMember(alias, aliased, depth);
    const handed = this.handedThis(node.object as Node);
    const key = memberName(node);
    if (handed && key) return handed.caller.thisMember(handed.at, key, depth);
    if (/^process\.env\b/.test(this.file.source(node))) {
      const line = this.file.lines.position(node.start ?? 0).line;
      return { kind: 'unknown', reason: `comes from ${text} at ${this.file.path}:${line}`, origin: this.file.span(node) };
    }
    const argument = this.argumentsElement(node, depth);
    if (argument) return argument;
    const name = memberName(node) ?? (node.computed ? this.computedKey(node.property as Node, depth) : undefined);
    if (name === undefined) return this.forInEntry(node, depth) ?? { kind: 'unknown', reason: `\`${text}\` is looked up at run time`, origin: this.file.span(node) };
    const object = this.ownExports(node.object as Node) ?? this.resolve(node.object, depth);
    if (object.kind === 'unknown') {
      const option = this.optionDefault(node.object, name, depth);
      if (option) return option;
    }
    // `options?.noAck` with no options: the chain stops, undefined.
    if (node.type === 'OptionalMemberExpression' && object.kind === 'literal' && object.value == null) return { kind: 'literal', value: undefined, editable: false, ...(object.omitted ? { omitted: true as const } : {}) };
    if (object.kind === 'unknown' && (object.string || object.members)) return this.member(object, name, node);
    if (object.kind === 'unknown') return this.instanceMethod(node.object, name) ?? { kind: 'unknown', reason: object.reason, origin: object.origin ?? this.file.span(node), ...(object.param ? { param: object.param } : {}) };
    return this.member(object, name, node);
  }

  /**
   * `arguments[1]` read at a call site of the function around it: that call's argument, or undefined where the call
   * passes fewer (a caller that passes nothing passes none). Undefined without such a call, or for a parameter the
   * caller must give (typed as required).
   */
  private argumentsElement(node: t.MemberExpression | t.OptionalMemberExpression, depth: number): Value | undefined {
    if (node.object.type !== 'Identifier' || node.object.name !== 'arguments' || node.property.type !== 'NumericLiteral' || this.scopes.lookup('arguments', node.object)) return undefined;
    const fn = [...this.file.ancestors(node)].find((a): a is t.Function => isFunction(a) && a.type !== 'ArrowFunctionExpression');
    const index = node.property.value;
    const site = this.callSite;
    const bound = fn && site && !site.defaultsOnly ? (site.fn === fn ? site.args : site.also?.find((b) => b.fn === fn)?.args) : undefined;
    if (fn && !bound) {
      // Without that call: each caller decides it, as the parameter it is (`arguments[1]` of subscribe(pattern, handler)).
      const param = fn.params[index];
      const name = param?.type === 'Identifier' ? param.name : param ? undefined : `arguments[${index}]`;
      return name ? { kind: 'unknown', reason: `\`${describe(this.file, node)}\` is ${param ? `the parameter ${name}` : 'an argument'} of ${functionName(fn)}: its value depends on each caller`, origin: this.file.span(node), param: { fn, index, name } } : undefined;
    }
    if (!fn || !bound || !site || (site.passesNothing && index < fn.params.length && !mayBeLeftOut(fn.params[index]))) return undefined;
    const arg = bound[index];
    return arg ? site.caller.resolve(arg, depth) : { kind: 'literal', value: undefined, editable: false, ...(site.passesNothing ? { omitted: true as const } : {}) };
  }

  /** `module.exports` read in its own CommonJS module (`module.exports.utility.defaults`): the module, whose members are its exports. */
  private ownExports(node: Node): Value | undefined {
    if (!this.project || !this.absolute || node.type !== 'MemberExpression' || memberName(node) !== 'exports') return undefined;
    const m = node.object;
    return m.type === 'Identifier' && m.name === 'module' && !this.scopes.lookup('module', m) ? { kind: 'module', absolute: this.absolute } : undefined;
  }

  /**
   * The value a parameter is given by its function's one reassignment of it, a statement of the function's own body
   * (`options = { ...DEFAULTS, ...options }`), for a read after that statement; the right side reads the argument.
   */
  private paramReassignment(binding: Binding, use: t.Identifier): Node | undefined {
    if (binding.path.length || !binding.fn || binding.fn.body.type !== 'BlockStatement' || !this.scopes.isReassigned(binding.name)) return undefined;
    const assigns = this.file.assignmentsTo(binding.name).filter((a) => this.scopes.lookup(binding.name, a.left as Node) === binding);
    if (assigns.length !== 1 || assigns[0].operator !== '=' || (use.start ?? 0) < (assigns[0].end ?? 0)) return undefined;
    const statement = this.file.parentOf(assigns[0]);
    return statement?.type === 'ExpressionStatement' && binding.fn.body.body.includes(statement as t.Statement) ? (assigns[0].right as Node) : undefined;
  }

  /** The `this` a name stands for (`var self = this`, never assigned again), where the code around it says whose it is. */
  private thisAliasOf(object: Node): Node | undefined {
    const node = unwrap(object);
    if (node.type !== 'Identifier') return undefined;
    const binding = this.scopes.lookup(node.name, node);
    if (!binding || (binding.kind !== 'var' && binding.kind !== 'const' && binding.kind !== 'let') || binding.path.length) return undefined;
    const reassigned = this.file.assignmentsTo(binding.name).some((a) => this.scopes.lookup(binding.name, a.left as Node) === binding);
    const at = thisAlias(this.file, binding.init, reassigned);
    return at && thisOwner(this.file, at) ? at : undefined;
  }

  /** A parameter this call site gives `this` (`helper(conn, ch, this)` from a class's method): that `this` and its resolver. */
  private handedThis(object: Node): { at: Node; caller: Resolver } | undefined {
    const site = this.callSite;
    const node = unwrap(object);
    if (!site || node.type !== 'Identifier') return undefined;
    const binding = this.scopes.lookup(node.name, node);
    if (binding?.kind !== 'param' || binding.path.length || binding.paramIndex === undefined) return undefined;
    const bound = binding.fn === site.fn ? site.args : site.also?.find((b) => b.fn === binding.fn)?.args;
    const arg = bound?.[binding.paramIndex];
    return arg && unwrap(arg).type === 'ThisExpression' ? { at: arg, caller: site.caller } : undefined;
  }

  /**
   * A `let` given its value in the branches of one `if` / `else if` / `else` before the read (an overload dispatch:
   * `if (typeof a === 'function') { handler = a; options = {}; } else { options = a; handler = b; }`): the branch the
   * test picks, when the code (a call site's arguments) settles it. Undefined when the assignments are anything else.
   */
  private branchValue(binding: Binding, use: t.Identifier, depth: number, unsetValue?: () => Value): Value | undefined {
    const assigns = this.file.assignmentsTo(binding.name).filter((a) => a.operator === '=' && this.scopes.lookup(binding.name, a.left as Node) === binding);
    if (!assigns.length) return undefined;
    // Each assignment a statement directly in a branch of the same if-chain, which ends before the read.
    const branchOf = (a: t.AssignmentExpression): { stmt: t.IfStatement; branch: Node } | undefined => {
      const statement = this.file.parentOf(a);
      const block = statement?.type === 'ExpressionStatement' ? this.file.parentOf(statement) : undefined;
      const owner = block?.type === 'BlockStatement' ? this.file.parentOf(block) : statement?.type === 'ExpressionStatement' ? block : undefined;
      const branch = block?.type === 'BlockStatement' ? block : statement;
      return owner?.type === 'IfStatement' && branch && (owner.consequent === branch || owner.alternate === branch) ? { stmt: owner, branch } : undefined;
    };
    const places = assigns.map(branchOf);
    if (places.some((p) => !p)) return undefined;
    let top = places[0]!.stmt;
    for (let parent = this.file.parentOf(top); parent?.type === 'IfStatement' && parent.alternate === top; parent = this.file.parentOf(parent)) top = parent;
    if ((top.end ?? 0) > (use.start ?? 0)) return undefined;
    const unset = (): Value => unsetValue?.() ?? (binding.init ? this.resolve(binding.init, depth) : { kind: 'literal', value: undefined, editable: false });
    for (let stmt: t.IfStatement = top; ; ) {
      const test = this.resolve(stmt.test, depth);
      const truthy = test.kind === 'literal' ? !!test.value : test.kind === 'object' || test.kind === 'array' || test.kind === 'function' ? true : undefined;
      if (truthy === undefined) return { kind: 'unknown', reason: `\`${binding.name}\` is set in the branches of \`if (${describe(this.file, stmt.test)})\`, which the code does not settle`, origin: this.file.span(binding.id) };
      const taken = truthy ? stmt.consequent : stmt.alternate;
      if (taken?.type === 'IfStatement') {
        stmt = taken;
        continue;
      }
      const here = taken ? assigns.filter((_, i) => places[i]!.branch === taken) : [];
      return here.length === 1 ? this.resolve(here[0].right, depth) : here.length === 0 ? unset() : undefined;
    }
  }

  /** `opts.durable` where `opts = program.opts()` (or `program.opts().durable`): the command line option's declared default. */
  private optionDefault(object: Node, name: string, depth: number): Value | undefined {
    let node = unwrap(object);
    if (node.type === 'Identifier') {
      const b = this.scopes.lookup(node.name, node);
      if (!b || b.kind !== 'const' || b.path.length || !b.init) return undefined;
      node = b.init as Node;
    }
    return cliOptionDefault(this.file, node, name, (n) => this.resolve(n, depth));
  }

  /**
   * `this.name` inside a class: a field initializer, a constructor parameter property, or a value the
   * constructor assigns (a constructor parameter stays a parameter: each `new` decides it).
   */
  private classField(node: t.MemberExpression | t.OptionalMemberExpression, depth: number): Value {
    const name = memberName(node);
    if (!name) return { kind: 'unknown', reason: `\`${describe(this.file, node)}\` is set at run time`, origin: this.file.span(node) };
    return this.thisMember(node, name, depth);
  }

  /**
   * `this.name` read at `at` (inside a class's method, or where the code hands `this` to a helper that reads `name` of it):
   * every value the class gives it (resolve/class-fields.ts): its initializer, or the constructor's own assignment, and
   * each assignment in any method or on an instance; a write below it (`this.options.durable = true`) joins that key's values.
   */
  thisMember(at: Node, name: string, depth = 0): Value {
    const span = this.file.span(at);
    const cls = thisOwner(this.file, at);
    if (!cls) return { kind: 'unknown', reason: `\`this.${name}\` is set at run time`, origin: span };
    const writes = fieldWrites(this.file, cls, name);
    // The right side of a constructor's own write reads what the field held before it (`this.options = { ...this.options,
    // ...options }` merges the caller's options over the initializer's).
    const whole = writes.filter((w) => w.path.length === 1 && !(w.constructorTop && w.value && within(at, w.value)));
    const below = writes.filter((w) => w.path.length > 1);
    const declared = this.declaredField(cls, name, whole, depth);
    if (!declared) {
      // A field the class's library superclass sets in its constructor (Nest's ServerRMQ `queueOptions`), as the library describes it.
      const inherited = this.project && cls.type !== 'FunctionDeclaration' && inheritedLibraryField({ file: this.file, resolver: this, shared: new Map() }, cls, name, depth);
      if (inherited) return this.withWritesBelow(inherited, `this.${name}`, below.map((w) => ({ rest: w.path.slice(1), write: w })), depth);
      return { kind: 'unknown', reason: `\`this.${name}\` is set at run time`, origin: span };
    }
    const others = whole.filter((w) => w !== declared.write);
    const values = [declared.value, ...others.map((w) => this.written(w, depth))];
    const value = values.length === 1 ? values[0] : this.fieldUnion(`this.${name}`, values, [declared.at, ...others.map((w) => w.node)]);
    return this.withWritesBelow(value, `this.${name}`, below.map((w) => ({ rest: w.path.slice(1), write: w })), depth);
  }

  /** Where a field starts: the constructor's own `this.name = ...` statement, its initializer, a parameter property, or the one method that sets it. */
  private declaredField(cls: ThisOwner, name: string, whole: FieldWrite[], depth: number): { value: Value; at: Node; write?: FieldWrite } | undefined {
    const inConstructor = whole.filter((w) => w.constructorTop);
    const last = inConstructor[inConstructor.length - 1];
    if (last) return { value: this.written(last, depth), at: last.node, write: last };
    // A constructor function: what its body sets, else the one method that sets it.
    if (cls.type === 'FunctionDeclaration') {
      const first = whole.find((w) => w.node.start! >= cls.start! && w.node.end! <= cls.end!) ?? whole[0];
      return first ? { value: this.written(first, depth), at: first.node, write: first } : undefined;
    }
    for (const member of cls.body.body) {
      if ((member.type === 'ClassProperty' || member.type === 'ClassAccessorProperty') && propertyKeyName(member) === name && member.value) {
        return { value: this.resolve(member.value as Node, depth), at: member };
      }
    }
    const ctor = cls.body.body.find((m): m is t.ClassMethod => m.type === 'ClassMethod' && m.kind === 'constructor');
    for (const p of ctor?.params ?? []) {
      if (p.type !== 'TSParameterProperty') continue;
      const id = p.parameter.type === 'AssignmentPattern' ? p.parameter.left : p.parameter;
      if (id.type !== 'Identifier' || id.name !== name) continue;
      // `@Inject(TOKEN) private readonly opts`: what the project's provider of that token makes.
      return { value: this.injectedValue(p.decorators, depth) ?? this.resolve(id, depth), at: p };
    }
    // Set in the constructor, or only in other methods (`init()`, `setConfig()`): that value, as the code reads it after the call.
    const first = whole.find((w) => ctor && w.node.start! >= ctor.start! && w.node.end! <= ctor.end!) ?? whole[0];
    return first ? { value: this.written(first, depth), at: first.node, write: first } : undefined;
  }

  /** The value a write gives its path: its right side, or unknown for `+=`, `++`, `delete` and `Object.assign`. */
  private written(write: FieldWrite, depth: number): Value {
    if (write.value) return this.resolve(write.value, depth);
    return { kind: 'unknown', reason: `\`${describe(this.file, write.node)}\` changes it at ${this.file.path}:${this.file.lines.position(write.node.start ?? 0).line}`, origin: this.file.span(write.node) };
  }

  /** A function's name, or where a pre-ES2015 method is assigned (`Consumer.prototype.prefetch()`). */
  private methodName(fn: t.Function): string {
    const parent = this.file.parentOf(fn);
    return parent?.type === 'AssignmentExpression' && parent.right === fn ? `${this.file.source(parent.left as Node)}()` : functionName(fn);
  }

  /** The values a field path is given in several places: the one they all are, read-only (an edit of one place is not an edit of all). */
  private fieldUnion(what: string, values: Value[], places: Node[]): Value {
    const lines = places.map((n) => this.file.lines.position(n.start ?? 0).line).join(', ');
    // A truthy starting value that only a setter's parameter changes (`this.options = { prefetch: 1 }` and
    // `prefetch(value) { this.options.prefetch = value; }`): never unset, unless whoever calls the setter chooses so.
    const [start, ...set] = values;
    const setters = set.flatMap((v) => (v.kind === 'unknown' && v.param ? [v.param] : []));
    if (start.kind === 'literal' && start.value && typeof start.value !== 'object' && setters.length && setters.length === set.length) {
      const by = setters.map((p) => `${p.name} of ${this.methodName(p.fn)}`).join(', ');
      return { kind: 'unknown', reason: `\`${what}\` is ${JSON.stringify(start.value)} unless it is set through ${by} (${this.file.path} lines ${lines})`, chosen: true, ...(start.origin ? { origin: start.origin } : {}) };
    }
    const agreed = oneOf(values, `\`${what}\``);
    if (agreed.kind === 'literal') return { ...agreed, editable: false, readOnly: `\`${what}\` is also assigned elsewhere (lines ${lines}): change every assignment` };
    const possible = values.every((v) => v.kind === 'literal') ? values.map((v) => (v as { value: Primitive }).value) : undefined;
    if (agreed.kind === 'unknown' && !agreed.param) return { ...agreed, ...(possible ? { possible } : {}), reason: `\`${what}\` is given ${values.length} values (${possible ? `${possible.map(String).join(", ")} at ` : ""}${this.file.path} lines ${lines}) that the code does not settle to one${agreed.reason.startsWith('differs') ? '' : ` (one ${agreed.reason.replace(/^`[^`]*` /, '')})`}` };
    if (agreed.kind === 'unknown') return { kind: 'unknown', reason: `\`${what}\` is given ${values.length} values (${this.file.path} lines ${lines}), one of them ${agreed.reason.replace(/^`[^`]*` (is )?/, '')}`, ...(agreed.origin ? { origin: agreed.origin } : {}) };
    return agreed;
  }

  /** An object value with the keys that writes below it change (`this.options.durable = true`): each key all the values it is given. */
  private withWritesBelow(value: Value, what: string, writes: { rest: string[]; write: FieldWrite }[], depth: number): Value {
    if (!writes.length || value.kind === 'unknown') return value;
    const line = (w: FieldWrite) => `${this.file.path}:${this.file.lines.position(w.node.start ?? 0).line}`;
    const merged = writes.find((w) => w.rest.length === 0);
    if (merged) return { kind: 'unknown', reason: `\`${what}\` is changed by \`${describe(this.file, merged.write.node)}\` at ${line(merged.write)}`, origin: this.file.span(merged.write.node) };
    const missing = writes.find((w) => value.kind !== 'object' || !value.object.props.has(w.rest[0]));
    if (value.kind !== 'object' || missing) {
      const w = missing ?? writes[0];
      return { kind: 'unknown', reason: `\`${what}.${w.rest[0]}\` is set by \`${describe(this.file, w.write.node)}\` at ${line(w.write)}`, origin: this.file.span(w.write.node) };
    }
    const props = new Map(value.object.props);
    for (const key of new Set(writes.map((w) => w.rest[0]))) {
      const prop = props.get(key)!;
      const here = writes.filter((w) => w.rest[0] === key);
      const exact = here.filter((w) => w.rest.length === 1);
      const deeper = here.filter((w) => w.rest.length > 1).map((w) => ({ rest: w.rest.slice(1), write: w.write }));
      const path = `${what}.${key}`;
      props.set(key, {
        ...prop,
        readOnly: `\`${path}\` is also assigned elsewhere (${here.map((w) => line(w.write)).join(', ')}): change every assignment`,
        value: () => {
          const values = [prop.value(), ...exact.map((w) => this.written(w.write, depth))];
          const v = values.length === 1 ? values[0] : this.fieldUnion(path, values, [prop.node, ...exact.map((w) => w.write.node)]);
          return this.withWritesBelow(v, path, deeper, depth);
        },
      });
    }
    return { kind: 'object', object: { ...value.object, props } };
  }

  /**
   * The value of an `@Inject(TOKEN)` constructor parameter: the project's provider of that token, its `useValue`, or
   * the object its `useFactory` returns (Nest calls the factory with injected providers: its parameters stay unknown).
   */
  private injectedValue(decorators: readonly t.Decorator[] | null | undefined, depth: number): Value | undefined {
    return this.providedValue(this.project?.objects.providers.providersOf(decorators, { file: this.file, resolver: this, shared: new Map() }) ?? [], depth);
  }

  /** What the one provider of a token makes: its `useValue`, or what its `useFactory` returns. */
  private providedValue(providers: { node: t.ObjectExpression; ctx: { resolver: Resolver } }[], depth: number): Value | undefined {
    if (providers.length !== 1) return undefined;
    const { node, ctx } = providers[0];
    // A provider a dynamic module builds from its caller's options (`forFeatureAsync(options)` providing
    // `useFactory: options.useFactory`) is read with this reading's call of that function, when there is one.
    const resolver = this.callSite ? ctx.resolver.withCallSite(this.callSite) : ctx.resolver;
    const prop = (key: string) => node.properties.find((p): p is t.ObjectProperty => p.type === 'ObjectProperty' && propertyKeyName(p) === key);
    const useValue = prop('useValue');
    if (useValue) return resolver.resolve(useValue.value as Node, depth);
    const useFactory = prop('useFactory');
    if (!useFactory) return undefined;
    const factory = resolver.resolve(useFactory.value as Node, depth);
    if (factory.kind !== 'function') return factory.kind === 'unknown' ? { ...factory, reason: `is what the provider's useFactory makes, and it ${factory.reason.replace(/^`[^`]*` /, '')}` } : undefined;
    const home = ctx.resolver.homeOf(factory.node);
    const returned = home && returnedExpression(home.file, factory.node);
    return returned ? home.withCallSite({ fn: factory.node, args: [], caller: home, defaultsOnly: true }).resolve(returned, depth) : undefined;
  }

  private computedKey(key: Node, depth: number): string | undefined {
    const v = this.resolve(key, depth);
    return v.kind === 'literal' && (typeof v.value === 'string' || typeof v.value === 'number') ? String(v.value) : undefined;
  }

  object(node: t.ObjectExpression, depth: number): ObjectValue {
    const result: ObjectValue = { file: this.file, node, origin: this.file.span(node), props: new Map(), reads: [this.file.span(node)] };
    for (const prop of node.properties) {
      if (prop.type === 'SpreadElement' && this.spreadBranches(prop.argument, result, depth)) continue;
      if (prop.type === 'SpreadElement') {
        const spread = this.resolve(prop.argument, depth);
        if (spread.kind === 'object') {
          for (const [k, v] of spread.object.props) result.props.set(k, v);
          if (spread.object.computed) (result.computed ??= []).push(...spread.object.computed);
          result.reads.push(...spread.object.reads);
          if (spread.object.open) [result.open, result.openParam] = [spread.object.open, spread.object.openParam];
        } else if (spread.kind === 'unknown') {
          result.open = `spreads \`${describe(this.file, prop.argument)}\`, which ${spread.reason.replace(/^`[^`]*` /, '')}`;
          result.openParam = spread.param;
          // Keys spread from an unknown object may override everything before it.
          result.props.clear();
        }
        continue;
      }
      let key = propertyKeyName(prop);
      if (key === undefined && prop.computed) key = this.computedKey(prop.key as Node, depth);
      if (key === undefined) {
        result.open = `has a computed key \`${describe(this.file, prop.key as Node)}\``;
        const text = `[${this.file.source(prop.key as Node)}]`;
        const valueNode = prop.type === 'ObjectProperty' ? (prop.value as Node) : prop;
        (result.computed ??= []).push({ key: text, file: this.file, node: prop, holder: node, value: () => (prop.type === 'ObjectMethod' ? { kind: 'function', node: prop } : this.resolve(valueNode, depth)) });
        continue;
      }
      const valueNode = prop.type === 'ObjectProperty' ? (prop.value as Node) : prop;
      result.props.set(key, {
        key,
        file: this.file,
        node: prop,
        holder: node,
        value: () => (prop.type === 'ObjectMethod' ? { kind: 'function', node: prop } : this.resolve(valueNode, depth)),
      });
    }
    return result;
  }

  /**
   * `...(cond ? { concurrency } : {})` with a test the code does not settle, both branches objects: only their keys may
   * change (each one set in both branches to the same literal keeps it, any other is unknown); the rest stay known.
   * False when the spread is no such conditional.
   */
  private spreadBranches(argument: Node, result: ObjectValue, depth: number): boolean {
    const node = unwrap(argument);
    if (node.type !== 'ConditionalExpression' || this.resolve(node.test, depth).kind !== 'unknown') return false;
    const [a, b] = [this.resolve(node.consequent, depth), this.resolve(node.alternate, depth)];
    if (a.kind !== 'object' || b.kind !== 'object' || a.object.open || b.object.open || a.object.computed || b.object.computed) return false;
    const why = `depends on the run-time condition \`${describe(this.file, node.test)}\``;
    for (const key of new Set([...a.object.props.keys(), ...b.object.props.keys()])) {
      const [pa, pb] = [a.object.props.get(key), b.object.props.get(key)];
      const [va, vb] = [pa?.value(), pb?.value()];
      const same = va?.kind === 'literal' && vb?.kind === 'literal' && va.value === vb.value;
      const holder = (pa ?? pb)!;
      result.props.set(key, same ? { ...holder, readOnly: `it is set in both branches of \`${describe(this.file, node.test)} ? ... : ...\`` } : { ...holder, value: () => ({ kind: 'unknown', reason: why, origin: this.file.span(node) }) });
    }
    result.reads.push(...a.object.reads, ...b.object.reads);
    return true;
  }

  private unary(node: t.UnaryExpression, depth: number): Value {
    if (node.operator === 'void') return { kind: 'literal', value: undefined, editable: false };
    const arg = this.resolve(node.argument, depth);
    if (node.operator === 'typeof') {
      const type = arg.kind === 'function' || arg.kind === 'class' ? 'function' : arg.kind === 'object' || arg.kind === 'array' ? 'object' : arg.kind === 'literal' ? (arg.value === null ? 'object' : typeof arg.value) : undefined;
      return type ? { kind: 'literal', value: type, origin: this.file.span(node), editable: false } : arg.kind === 'unknown' ? arg : { kind: 'unknown', reason: `\`${describe(this.file, node)}\``, origin: this.file.span(node) };
    }
    if (arg.kind !== 'literal') return arg.kind === 'unknown' ? arg : { kind: 'unknown', reason: `\`${describe(this.file, node)}\``, origin: this.file.span(node) };
    const v = arg.value;
    const origin = this.file.span(node);
    switch (node.operator) {
      case '!':
        return { kind: 'literal', value: !v, origin, editable: false };
      case '-':
        return { kind: 'literal', value: -(v as number), origin, editable: false };
      case '+':
        return { kind: 'literal', value: +(v as number), origin, editable: false };
      default:
        return { kind: 'unknown', reason: `\`${describe(this.file, node)}\``, origin };
    }
  }

  private binary(node: t.BinaryExpression, depth: number): Value {
    const origin = this.file.span(node);
    const l = this.resolve(node.left as Node, depth);
    const r = this.resolve(node.right, depth);
    if (l.kind !== 'literal' || r.kind !== 'literal') {
      const bad = l.kind === 'unknown' ? l : r.kind === 'unknown' ? r : undefined;
      return { kind: 'unknown', reason: bad?.reason ?? `computed by \`${describe(this.file, node)}\``, origin, ...(bad?.param ? { param: bad.param } : {}) };
    }
    const a = l.value as never;
    const b = r.value as never;
    const ops: Record<string, () => Primitive> = {
      '+': () => (a as number) + (b as number),
      '-': () => (a as number) - (b as number),
      '*': () => (a as number) * (b as number),
      '/': () => (a as number) / (b as number),
      '===': () => a === b,
      '!==': () => a !== b,
      '==': () => a == b,
      '!=': () => a != b,
    };
    const op = ops[node.operator];
    if (!op) return { kind: 'unknown', reason: `computed by \`${describe(this.file, node)}\``, origin };
    return { kind: 'literal', value: op(), origin, editable: false };
  }

  private logical(node: t.LogicalExpression, depth: number): Value {
    const l = this.resolve(node.left, depth);
    if (l.kind === 'unknown') {
      // `x || 10`: x when x is truthy, else 10; either way truthy (a prefetch that is never 0).
      // `x ?? 100`: x when it is set, else 100: only a value set on purpose is 0 (chosen).
      if ((node.operator !== '||' && node.operator !== '??') || l.truthy) return l;
      const r = this.resolve(node.right, depth);
      if (!isTruthy(r)) return l;
      return node.operator === '||' ? { ...l, truthy: true } : { ...l, chosen: true };
    }
    const truthy = l.kind !== 'literal' || !!l.value;
    const nullish = l.kind === 'literal' && (l.value === null || l.value === undefined);
    const takeLeft = node.operator === '||' ? truthy : node.operator === '&&' ? !truthy : !nullish;
    if (takeLeft) return { ...l, ...(l.kind === 'literal' ? { editable: false } : {}) };
    const r = this.resolve(node.right, depth);
    // `x || false`, `x ?? false`: the fallback of a value someone chose; an edit of it (`x || true`) would take that choice away.
    if (r.kind !== 'literal' || node.operator === '&&') return r;
    return { ...r, editable: false, readOnly: `it is the fallback of \`${describe(this.file, node)}\`: rewriting the fallback would override whatever \`${describe(this.file, node.left)}\` is given; set the value where it is chosen` };
  }

  private call(node: t.CallExpression, depth: number): Value {
    const callee = this.file.source(node.callee);
    if ((callee === 'Object.freeze' || callee === 'structuredClone') && node.arguments[0]) {
      return this.resolve(node.arguments[0] as Node, depth);
    }
    if (callee === 'Object.assign' && node.arguments.length) return this.assigned(node, depth) ?? { kind: 'unknown', reason: `is the result of \`${describe(this.file, node)}\``, origin: this.file.span(node) };
    if (callee === 'require' && node.arguments[0]?.type === 'StringLiteral' && this.project && this.absolute) {
      const spec = node.arguments[0].value;
      if (spec === 'config') {
        const configured = this.nodeConfig(node);
        if (configured) return configured;
      }
      if (spec.startsWith('.')) {
        const commonjs = this.project.imported(this.absolute, spec, 'default');
        return commonjs.kind === 'unknown' && commonjs.notExported ? this.project.imported(this.absolute, spec, '*') : commonjs;
      }
    }
    // `require('lodash')`, `require('lodash.defaults')`: the merge helpers a call below reads.
    if (callee === 'require' && node.arguments[0]?.type === 'StringLiteral') {
      const helper = mergeImport(node.arguments[0].value, 'default');
      if (helper) return helper;
    }
    const merged = this.merged(node, depth);
    if (merged) return merged;
    // `await import('./consumer.js')`: the module's namespace (its exports are its members).
    if (node.callee.type === 'Import' && node.arguments[0]?.type === 'StringLiteral' && node.arguments[0].value.startsWith('.') && this.project && this.absolute) {
      return this.project.imported(this.absolute, node.arguments[0].value, '*');
    }
    const first = node.arguments[0];
    // `config.get('rabbitmq.prefetch')`, `config.has(...)`: what an object that reads dotted keys (node-config) holds there.
    if (first?.type === 'StringLiteral' && node.callee.type === 'MemberExpression') {
      const holder = this.resolve(node.callee.object as Node, depth);
      const read = holder.kind === 'unknown' && holder.keyed ? holder.keyed(memberName(node.callee) ?? '', first.value, this.file.span(node)) : undefined;
      if (read) return read;
    }
    // `app.get(TOKEN)`, `moduleRef.get(TOKEN)`: what the project's provider of that token makes (a NestJS custom provider).
    if (this.project && first && first.type !== 'SpreadElement' && first.type !== 'ArgumentPlaceholder' && node.callee.type === 'MemberExpression' && memberName(node.callee) === 'get') {
      const provided = this.providedValue(this.project.objects.providers.providersOfToken(first as Node, { file: this.file, resolver: this, shared: new Map() }), depth);
      if (provided) return provided;
    }
    const converted = NUMBER_CONVERSIONS.has(callee) && node.arguments[0] && node.arguments[0].type !== 'SpreadElement' ? this.conversion(node, depth) : undefined;
    if (converted) return converted;
    return this.evaluateCall(node, depth) ?? { kind: 'unknown', reason: `is the result of \`${describe(this.file, node)}\``, origin: this.file.span(node), ...(this.readOrThrow(node, depth) ? { chosen: true as const } : {}) };
  }

  /**
   * `Object.assign(target, ...sources)` as a value: the properties of every argument, a later one's over an earlier's,
   * as spreads in an object literal bring them (`Object.assign({}, options, { durable: true })` is durable whatever
   * `options` holds). An edit goes into the last object literal, and only if no argument after it may override it.
   * Undefined when no argument is an object the code shows.
   */
  private assigned(node: t.CallExpression, depth: number): Value | undefined {
    let result: ObjectValue | undefined;
    let openAfter: string | undefined;
    const props = new Map<string, PropertyValue>();
    const reads: Span[] = [];
    let open: string | undefined;
    let openParam: ObjectValue['openParam'];
    let computed: PropertyValue[] | undefined;
    for (const arg of node.arguments) {
      const v: Value = arg.type === 'SpreadElement' || arg.type === 'ArgumentPlaceholder' ? { kind: 'unknown', reason: 'spreads its sources at run time' } : this.resolve(arg as Node, depth);
      if (v.kind === 'literal' && (v.value === undefined || v.value === null)) continue;
      if (v.kind === 'object') {
        for (const [k, p] of v.object.props) props.set(k, p);
        if (v.object.computed) (computed ??= []).push(...v.object.computed);
        reads.push(...v.object.reads);
        if (v.object.open) [open, openParam] = [v.object.open, v.object.openParam];
        result = v.object;
        openAfter = undefined;
        continue;
      }
      // Anything else may bring any key: it hides what came before it.
      open = `spreads \`${describe(this.file, arg as Node)}\`, which ${v.kind === 'unknown' ? v.reason.replace(/^`[^`]*` /, '') : 'is not an object'}`;
      openParam = v.kind === 'unknown' ? v.param : undefined;
      openAfter = open;
      props.clear();
    }
    if (!result) return undefined;
    const readOnly = openAfter ? `a later argument of \`${describe(this.file, node)}\` may override it` : result.readOnly;
    return { kind: 'object', object: { ...result, props, reads, open, openParam, computed, ...(readOnly ? { readOnly } : {}) } };
  }

  /** node-config's configuration object (`require('config')`, `import config from 'config'`), when the file's package depends on it. */
  private nodeConfig(at: Node): Value | undefined {
    return this.project && this.absolute ? nodeConfigRoot(this.project.host, this.absolute, this.file.span(at)) : undefined;
  }

  /**
   * A call of a library's merge helper, reached directly (`_.defaults(...)`, `require('lodash.defaults')`) or through a
   * module of the project that re-exports it: `assign`/`extend` as `Object.assign`, `defaults` as lodash fills in keys.
   */
  private merged(node: t.CallExpression, depth: number): Value | undefined {
    const callee = unwrap(node.callee as Node);
    if (callee.type !== 'MemberExpression' && callee.type !== 'Identifier') return undefined;
    const helper = this.resolve(callee, depth);
    if (helper.kind !== 'unknown' || !helper.merge || !node.arguments.length) return undefined;
    const shown = describe(this.file, node);
    const unknown: Value = { kind: 'unknown', reason: `is the result of \`${shown}\``, origin: this.file.span(node) };
    if (helper.merge === 'assign') return this.assigned(node, depth) ?? unknown;
    const [target, ...sources] = node.arguments.map((a): Value => (a.type === 'SpreadElement' || a.type === 'ArgumentPlaceholder' ? { kind: 'unknown', reason: 'spreads its sources at run time' } : this.resolve(a as Node, depth)));
    return defaultsOf(target, sources, shown, helper.merge === 'defaultsDeep') ?? unknown;
  }

  /**
   * `parseInt(process.env.X || '100')`, `Number(x ?? 20)`: a number read from a value that is never unset is never
   * unset either (only whoever sets X on purpose makes it 0 or not a number).
   */
  private conversion(node: t.CallExpression, depth: number): Value | undefined {
    const arg = this.resolve(node.arguments[0] as Node, depth);
    const origin = this.file.span(node);
    // `Number('20')`, `parseInt(prefetchCount)` of a known string or number: the number (not an edit of the call: editable false).
    if (arg.kind === 'literal' && (typeof arg.value === 'string' || typeof arg.value === 'number') && node.arguments.length === 1) {
      const callee = this.file.source(node.callee).replace(/^Number\./, '');
      const n = callee === 'Number' ? Number(arg.value) : callee === 'parseInt' ? parseInt(String(arg.value)) : parseFloat(String(arg.value));
      return Number.isNaN(n) ? undefined : { kind: 'literal', value: n, origin, editable: false, ...(arg.readOnly ? { readOnly: arg.readOnly } : {}) };
    }
    if (arg.kind !== 'unknown') return undefined;
    if (arg.truthy || arg.chosen) return { kind: 'unknown', reason: arg.reason, origin, chosen: true, ...(arg.unlessSet ? { unlessSet: arg.unlessSet } : {}) };
    // A number read from what a configuration file and the environment decide: what decides it, said.
    return arg.configured ? { kind: 'unknown', reason: arg.reason, origin } : undefined;
  }

  /**
   * A configuration read that is never unset: `config.getOrThrow(key)` (NestJS's ConfigService throws when the key
   * is undefined) or `config.get(key, fallback)` with a truthy fallback.
   */
  private readOrThrow(node: t.CallExpression, depth: number): boolean {
    const method = node.callee.type === 'MemberExpression' || node.callee.type === 'OptionalMemberExpression' ? memberName(node.callee) : undefined;
    if (method === 'getOrThrow') return node.arguments.length >= 1;
    return method === 'get' && node.arguments.length === 2 && isTruthy(this.resolve(node.arguments[1] as Node, depth));
  }

  /**
   * A call of a function the project defines (a local or imported function, a method of the enclosing
   * class, a method of an object literal): the one expression it returns, read with this call's arguments.
   */
  private evaluateCall(node: t.CallExpression, depth: number): Value | undefined {
    const target = this.calledFunction(node.callee as Node, depth);
    if (!target) return undefined;
    const returned = returnedExpression(target.resolver.file, target.fn);
    if (!returned) return undefined;
    const args = node.arguments.map((a) => (a.type === 'SpreadElement' || a.type === 'ArgumentPlaceholder' ? undefined : (a as Node)));
    return target.resolver.withCallSite({ fn: target.fn, args, caller: this }).resolve(returned, depth);
  }

  private calledFunction(callee: Node, depth: number): { fn: t.Function; resolver: Resolver } | undefined {
    const c = unwrap(callee);
    if (c.type === 'MemberExpression' && c.object.type === 'ThisExpression') {
      const name = memberName(c);
      const cls = this.file.enclosingClass(c);
      const method = cls?.body.body.find((m): m is t.ClassMethod => m.type === 'ClassMethod' && m.kind === 'method' && !m.static && propertyKeyName(m) === name);
      return method ? { fn: method, resolver: this } : undefined;
    }
    if (c.type !== 'Identifier' && c.type !== 'MemberExpression') return undefined;
    const v = this.resolve(c, depth);
    if (v.kind !== 'function') return undefined;
    const resolver = this.homeOf(v.node);
    return resolver ? { fn: v.node, resolver } : undefined;
  }

  /**
   * `svc.method` where `svc` is an instance of one of the project's classes the object tracker follows
   * (`app.get(RmqService)`, an injected `private readonly rmq: RmqService`, `new C()`): that method.
   */
  private instanceMethod(object: Node, name: string): Value | undefined {
    const tracker = this.project?.objects;
    const v = tracker?.trace(object, { file: this.file, resolver: this, shared: new Map() });
    if (v?.t !== 'instance') return undefined;
    const method = tracker!.memberOf(v, name, v.ctx, object);
    return method?.t === 'function' ? { kind: 'function', node: method.fn } : undefined;
  }

  /** The resolver of the file a function is written in: this one, or a module's the project has loaded. */
  homeOf(fn: t.Function): Resolver | undefined {
    if (this.file.parentOf(fn) !== undefined) return this;
    return this.project?.loaded().find(([, c]) => c.file.parentOf(fn) !== undefined)?.[1].resolver;
  }
}

/**
 * Whether a caller may leave a parameter out: it has no type, or an optional one (`opts?: T`, `T | undefined`);
 * a parameter typed as required (`prefetch: number`) is always given, so its value stays the caller's.
 */
function mayBeLeftOut(param: t.Function['params'][number] | undefined): boolean {
  if (!param) return true;
  const target = param.type === 'TSParameterProperty' ? param.parameter : param;
  if (target.type === 'AssignmentPattern') return true;
  if (target.type === 'RestElement') return true;
  const annotation = 'typeAnnotation' in target ? target.typeAnnotation : undefined;
  if (!annotation || annotation.type === 'Noop') return true;
  if ('optional' in target && target.optional) return true;
  const type = annotation.typeAnnotation;
  const optionalTypes = new Set(['TSUndefinedKeyword', 'TSAnyKeyword', 'TSUnknownKeyword', 'TSNullKeyword', 'VoidTypeAnnotation', 'NullableTypeAnnotation', 'AnyTypeAnnotation', 'MixedTypeAnnotation']);
  if (optionalTypes.has(type.type)) return true;
  if (type.type === 'TSUnionType' || type.type === 'UnionTypeAnnotation') return type.types.some((m: t.Node) => optionalTypes.has(m.type));
  return false;
}

/** Calls that turn a string into a number. */
const NUMBER_CONVERSIONS = new Set(['parseInt', 'parseFloat', 'Number', 'Number.parseInt', 'Number.parseFloat']);

/** A value that is truthy whatever the run time gives (a truthy literal, an object, a function, `x || 10`). */
function isTruthy(v: Value): boolean {
  return (v.kind === 'literal' && !!v.value) || v.kind === 'object' || v.kind === 'array' || v.kind === 'function' || v.kind === 'class' || (v.kind === 'unknown' && !!v.truthy);
}

/** Whether a test is true only if `expr` (a name) is truthy: `x`, `x > 0`, `x >= 1`, `x !== 0 && x`, in an `&&` chain. */
function assertsTruthy(test: Node, expr: Node): boolean {
  const target = unwrap(expr);
  if (target.type !== 'Identifier') return false;
  const same = (n: Node) => {
    const u = unwrap(n);
    return u.type === 'Identifier' && u.name === target.name;
  };
  const t0 = unwrap(test);
  if (same(t0)) return true;
  if (t0.type === 'LogicalExpression' && t0.operator === '&&') return assertsTruthy(t0.left, expr) || assertsTruthy(t0.right, expr);
  if (t0.type !== 'BinaryExpression') return false;
  const n = unwrap(t0.right);
  const bound = n.type === 'NumericLiteral' ? n.value : undefined;
  return bound !== undefined && same(t0.left as Node) && ((t0.operator === '>' && bound >= 0) || (t0.operator === '>=' && bound > 0));
}

/** Every property of an object value: those with a known key, then those whose key is computed at run time. */
export function entriesOf(object: ObjectValue): PropertyValue[] {
  return object.computed ? [...object.props.values(), ...object.computed] : [...object.props.values()];
}

export function functionName(fn: t.Function | undefined): string {
  if (!fn) return 'a function';
  if ((fn.type === 'FunctionDeclaration' || fn.type === 'FunctionExpression') && fn.id) return `${fn.id.name}()`;
  if ((fn.type === 'ClassMethod' || fn.type === 'ObjectMethod') && fn.key.type === 'Identifier') return `${fn.key.name}()`;
  return 'a function';
}

/**
 * A test of whether a value is set: `x != null`, `x !== undefined`, `typeof x !== 'undefined'` (isSet true), or the
 * opposite (`x == null`, `x === undefined`, isSet false), with the operand as written. Undefined for any other test.
 */
function setTest(file: ParsedFile, test: Node): { operand: string; isSet: boolean } | undefined {
  const node = unwrap(test);
  if (node.type !== 'BinaryExpression' || !['!=', '!==', '==', '==='].includes(node.operator)) return undefined;
  const isSet = node.operator.startsWith('!');
  const empty = (n: Node) => (n.type === 'NullLiteral' && node.operator.length === 2) || (n.type === 'Identifier' && n.name === 'undefined') || (n.type === 'StringLiteral' && n.value === 'undefined');
  const [left, right] = [unwrap(node.left as Node), unwrap(node.right)];
  const operandOf = (n: Node) => (n.type === 'UnaryExpression' && n.operator === 'typeof' ? n.argument : n);
  if (empty(right)) return right.type === 'StringLiteral' ? (left.type === 'UnaryExpression' && left.operator === 'typeof' ? { operand: file.source(operandOf(left)), isSet } : undefined) : { operand: file.source(left), isSet };
  if (empty(left)) return left.type === 'StringLiteral' ? (right.type === 'UnaryExpression' && right.operator === 'typeof' ? { operand: file.source(operandOf(right)), isSet } : undefined) : { operand: file.source(right), isSet };
  return undefined;
}

/** Whether `node` lies inside `outer`. */
function within(node: Node, outer: Node): boolean {
  return node.start! >= outer.start! && node.end! <= outer.end!;
}

/** Whether `fn` is a class's constructor. */
function isConstructor(fn: t.Function | undefined): boolean {
  return fn?.type === 'ClassMethod' && fn.kind === 'constructor';
}
