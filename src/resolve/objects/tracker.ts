// The project-level object tracker: which library object (connection, channel, wrapper, ...) an
// expression is, followed through imports and exports, functions and their returns, classes and their
// instances, superclasses, object literals, callbacks and callers, across every file of the analysis.
import type * as t from '@babel/types';
import { calleeMethod, isCall, isFunction, memberName, propertyKeyName, unwrap, type Node } from '../../parse/ast';
import type { Binding } from '../scope';
import type { FileContext } from '../file-context';
import { findExport } from '../exports';
import type { LibraryClassFields, ObjectTracking, ProjectView as Project } from '../contracts';
import type { LibKind, LibObject, Located, ObjectShape } from './shape';
import { lib, perCallKey, placeKey, type ClassLike, type ClassNode, type Traced } from './traced';
import { ParamTracing } from './params';
import { TypeNames } from './type-names';
import { Providers } from './providers';
import { derivedNote, Ladder } from './ladder';

const MAX_DEPTH = 80;
/** Array methods whose result holds the same elements, and those that return one of them. */
const SAME_ELEMENTS = new Set(['filter', 'slice', 'concat', 'reverse', 'sort', 'toSorted', 'toReversed']);
const ELEMENT_OF = new Set(['find', 'findLast', 'at', 'pop', 'shift']);
/** Methods that hand back an instance of the class given as their first argument (NestJS `app.get(C)`, DI containers). */
const INSTANCE_GETTERS = new Set(['get', 'resolve', 'getInstance', 'select']);
/** The helpers TypeScript's CommonJS output wraps a `require` in: they hand back the module (or an object whose default it is). */
const INTEROP_HELPERS = new Set(['__importDefault', '__importStar']);

export class ObjectTracker implements ObjectTracking {
  private readonly memo = new Map<Node, Traced | null>();
  private readonly active = new Set<Node>();
  private readonly byLibrary = new Map<string, ObjectShape>();
  /** Members being looked up (object spreads and superclasses can lead back to themselves). */
  private readonly activeMembers = new Set<string>();
  private depth = 0;
  readonly params: ParamTracing;
  readonly types: TypeNames;
  readonly providers: Providers;
  private readonly ladder: Ladder;

  constructor(
    readonly project: Project | undefined,
    readonly shapes: readonly ObjectShape[],
  ) {
    for (const s of shapes) this.byLibrary.set(s.library, s);
    this.params = new ParamTracing(this);
    this.types = new TypeNames(this);
    this.providers = new Providers(this);
    this.ladder = new Ladder(this);
  }

  receiversOf(call: t.CallExpression | t.OptionalCallExpression, ctx: FileContext): readonly LibObject[] {
    const m = calleeMethod(call);
    if (!m) return [];
    const traced = this.of(m.object, ctx);
    return traced ? [traced] : this.ladder.inferred(call, ctx);
  }

  /** The library object an expression is, if the tracker can follow it to one. */
  of(expr: Node, ctx: FileContext): LibObject | undefined {
    const found = this.trace(expr, ctx);
    return found?.t === 'lib' ? found.obj : undefined;
  }

  /** What an expression is: a library object, or a project class, instance, module, object or function. */
  trace(expr: Node, ctx: FileContext): Traced | undefined {
    const node = unwrap(expr);
    const cached = this.memo.get(node);
    if (cached !== undefined) return cached ?? undefined;
    if (this.active.has(node) || this.depth > MAX_DEPTH) return undefined;
    this.active.add(node);
    this.depth++;
    try {
      const found = this.compute(node, ctx);
      this.memo.set(node, found ?? null);
      return found;
    } finally {
      this.depth--;
      this.active.delete(node);
    }
  }

  shapeOf(library: string): ObjectShape | undefined {
    return this.byLibrary.get(library);
  }

  /** A library object from what a shape said, made (or received) at `origin`; `from`: the object it is made by or from. */
  make(shape: ObjectShape, kind: LibKind, origin: Located, handedIn = false, from?: LibObject): Traced {
    return lib({
      library: kind.library ?? shape.library,
      kind: kind.kind,
      key: kind.key ?? placeKey(origin.ctx, origin.node),
      origin: kind.origin ?? origin,
      facts: kind.facts ?? {},
      ...(handedIn ? { handedIn: true } : {}),
      // Made by an inferred object (rung b of the ladder): inferred too, and the finding says from what.
      ...(from?.inferred ? { inferred: derivedNote(from.inferred, kind.kind, origin.node, origin.ctx) } : {}),
    });
  }

  private compute(node: Node, ctx: FileContext): Traced | undefined {
    switch (node.type) {
      case 'Identifier':
        return this.identifier(node, ctx);
      case 'ThisExpression':
        return this.thisValue(node, ctx);
      case 'MemberExpression':
      case 'OptionalMemberExpression':
        return this.memberExpression(node, ctx);
      case 'CallExpression':
      case 'OptionalCallExpression':
        return this.call(node, ctx);
      case 'NewExpression':
        return this.construct(node, ctx);
      case 'ObjectExpression':
        return { t: 'object', node, ctx };
      case 'ArrayExpression':
        return { t: 'array', node, ctx };
      case 'FunctionExpression':
      case 'ArrowFunctionExpression':
        return { t: 'function', fn: node, ctx };
      case 'ClassExpression':
        return { t: 'class', cls: node, ctx };
      case 'ConditionalExpression':
        return this.firstOf([node.consequent, node.alternate], ctx);
      case 'LogicalExpression':
        return this.firstOf([node.left, node.right], ctx);
      case 'AssignmentExpression':
        return this.trace(node.right, ctx);
      case 'SequenceExpression':
        return this.trace(node.expressions[node.expressions.length - 1], ctx);
      // `const conn = yield amqp.connect(url)` in a generator run by co (or koa 1): the yielded promise's value.
      case 'YieldExpression':
        return node.argument && !node.delegate ? this.trace(node.argument, ctx) : undefined;
      default:
        return undefined;
    }
  }

  /** The first of several possible values that is tracked (`this.channel ?? await this.connect()`). */
  firstOf(nodes: Node[], ctx: FileContext): Traced | undefined {
    let fallback: Traced | undefined;
    for (const n of nodes) {
      const v = this.trace(n, ctx);
      if (v?.t === 'lib') return v;
      fallback ??= v;
    }
    return fallback;
  }

  /** The library class an expression names (`ServerRMQ` imported, or `ms.ServerRMQ` of a namespace import), if a shape lists its fields. */
  libraryClass(expr: Node, ctx: FileContext): { name: string; fields: LibraryClassFields } | undefined {
    const node = unwrap(expr);
    const id = node.type === 'MemberExpression' ? unwrap(node.object as Node) : node;
    if (id.type !== 'Identifier') return undefined;
    const b = ctx.resolver.scopes.lookup(id.name, id);
    if (b?.kind !== 'import' || !b.importSource) return undefined;
    const name = node.type === 'MemberExpression' ? (b.importedName === '*' ? memberName(node) : undefined) : b.importedName;
    if (!name) return undefined;
    for (const shape of this.shapes) {
      const fields = shape.source.test(b.importSource) && shape.classFields && Object.hasOwn(shape.classFields, name) ? shape.classFields[name] : undefined;
      if (fields) return { name, fields };
    }
    return undefined;
  }

  // ------------------------------------------------------------------ names

  private identifier(id: t.Identifier, ctx: FileContext): Traced | undefined {
    const b = ctx.resolver.scopes.lookup(id.name, id);
    if (!b) return this.implicitGlobal(id, ctx);
    switch (b.kind) {
      case 'import':
        return b.importSource ? this.imported(b.importSource, b.importedName ?? 'default', { node: b.declaration, ctx }) : undefined;
      case 'const':
      case 'let':
      case 'var':
        return this.variable(b, ctx);
      case 'param':
        return this.params.param(b, ctx) ?? this.reassigned(b, ctx);
      case 'function':
        return isFunction(b.declaration) ? { t: 'function', fn: b.declaration, ctx } : undefined;
      case 'class':
        return { t: 'class', cls: b.declaration as ClassNode, ctx };
      default:
        return undefined;
    }
  }

  /** A variable: its initializer (down a destructuring path), else what is assigned to it, else its declared type. */
  private variable(b: Binding, ctx: FileContext): Traced | undefined {
    const loop = forOfLoop(b, ctx);
    // for (const [name, channel] of channels): an element, down the destructuring path.
    if (loop) return b.path.length ? this.path(this.elementOf(loop.right, ctx), b.path, ctx, b.id) : this.elementOf(loop.right, ctx);
    if (b.init) {
      const v = this.path(this.trace(b.init, ctx), b.path, ctx, b.init);
      if (v) return v;
    }
    if (b.kind !== 'const') {
      for (const a of ctx.file.assignmentsTo(b.name)) {
        if (ctx.resolver.scopes.lookup(b.name, a.left) !== b) continue;
        const v = this.trace(a.right, ctx);
        if (v) return v;
      }
    }
    return b.path.length === 0 ? this.types.annotation(b.id.typeAnnotation, { node: b.id, ctx }, `binding:${placeKey(ctx, b.id)}`) : undefined;
  }

  /**
   * A name no scope declares that the file assigns (`connection = conn;` in a sloppy script: an implicit global): what
   * those assignments give it, the first the tracker follows. Assignments where the name is declared are another variable's.
   */
  private implicitGlobal(id: t.Identifier, ctx: FileContext): Traced | undefined {
    const assigned = ctx.file.assignmentsTo(id.name).filter((a) => a.operator === '=' && a.left !== id && !ctx.resolver.scopes.lookup(id.name, a.left));
    return assigned.length ? this.firstOf(assigned.map((a) => a.right as Node), ctx) : undefined;
  }

  /** What is assigned to a name later (a reassigned parameter, `let ch; ch = ...`): the first the tracker follows. */
  private reassigned(b: Binding, ctx: FileContext): Traced | undefined {
    return this.firstOf(this.assignedValues(b, ctx), ctx);
  }

  private assignedValues(b: Binding, ctx: FileContext): Node[] {
    return ctx.file.assignmentsTo(b.name).filter((a) => ctx.resolver.scopes.lookup(b.name, a.left) === b).map((a) => a.right as Node);
  }

  /**
   * What the elements of an array are: its literal elements and what the code pushes into it, through
   * `filter`/`slice`/`concat` and the values a variable or parameter is given (the first the tracker follows).
   */
  elementOf(expr: Node, ctx: FileContext, depth = 0): Traced | undefined {
    const node = unwrap(expr);
    if (depth > 6) return undefined;
    if (node.type === 'CallExpression' || node.type === 'OptionalCallExpression') {
      const m = calleeMethod(node);
      if (m && SAME_ELEMENTS.has(m.method)) return this.elementOf(m.object, ctx, depth + 1);
    }
    let fallback: Traced | undefined;
    if (node.type === 'Identifier') {
      const b = ctx.resolver.scopes.lookup(node.name, node);
      if (b && b.kind !== 'import' && b.kind !== 'function' && b.kind !== 'class') {
        for (const value of [...(b.init && b.kind !== 'param' ? [b.init] : []), ...this.assignedValues(b, ctx)]) {
          const v = this.elementOf(value, ctx, depth + 1);
          if (v?.t === 'lib') return v;
          if (v?.t !== 'array') fallback ??= v;
        }
      }
    }
    const v = this.trace(node, ctx);
    const element = v?.t === 'array' ? (v.map ? this.mapEntry(v.node, v.ctx) : this.arrayElement(v.node, v.ctx)) : undefined;
    return element?.t === 'lib' ? element : (fallback ?? element);
  }

  /** A Map's entry (`new Map([[key, value], ...])`): the first [key, value] tuple whose value the tracker follows to a library object. */
  private mapEntry(entries: t.ArrayExpression, ctx: FileContext): Traced | undefined {
    let first: Traced | undefined;
    for (const e of entries.elements) {
      const tuple = e && unwrap(e as Node);
      if (tuple?.type !== 'ArrayExpression') continue;
      const entry: Traced = { t: 'array', node: tuple, ctx };
      first ??= entry;
      if (this.tupleElement(tuple, ctx, 1)?.t === 'lib') return entry;
    }
    return first;
  }

  /**
   * Element `index` of an array literal written as a tuple (`[conn, ch]`, no spread before it): what that element is.
   * Undefined when the tracker does not follow it or the literal has no such element (a list the code fills).
   */
  private tupleElement(array: t.ArrayExpression, ctx: FileContext, index: number): Traced | undefined {
    const before = array.elements.slice(0, index + 1);
    const element = array.elements[index];
    if (!element || before.some((e) => !e || e.type === 'SpreadElement')) return undefined;
    return this.trace(element as Node, ctx);
  }

  /** An array literal's first element the tracker follows, else the first such value its file pushes into it. */
  private arrayElement(array: t.ArrayExpression, ctx: FileContext): Traced | undefined {
    return this.guarded(`${placeKey(ctx, array)}[]`, () => {
      const own = this.firstOf(array.elements.filter((e): e is t.Expression => !!e && e.type !== 'SpreadElement'), ctx);
      if (own?.t === 'lib') return own;
      for (const call of ctx.file.callsNamed('.push')) {
        const target = this.trace((unwrap(call.callee as Node) as t.MemberExpression).object as Node, ctx);
        const pushed = call.arguments[0];
        if (target?.t === 'array' && target.node === array && pushed && pushed.type !== 'SpreadElement' && pushed.type !== 'ArgumentPlaceholder') {
          const v = this.trace(pushed as Node, ctx);
          if (v) return v;
        }
      }
      return own?.t === 'array' ? undefined : own;
    });
  }

  /** A value walked down a destructuring path (`const { channel } = await connect()`). */
  path(value: Traced | undefined, keys: readonly string[], ctx: FileContext, at: Node): Traced | undefined {
    let v = value;
    for (const key of keys) {
      if (!v || key.startsWith('...')) return undefined;
      v = this.memberOf(v, key, ctx, at);
    }
    return v;
  }

  /** `import { name } from source` (or `require(source)` as '*'): the library itself, or what a project module exports. */
  imported(source: string, name: string, at: Located): Traced | undefined {
    for (const shape of this.shapes) {
      if (!shape.source.test(source)) continue;
      const kind = shape.imported(name, at);
      return kind ? this.make(shape, kind, at) : undefined;
    }
    const from = at.ctx.resolver.absolute;
    const target = from && this.project?.resolveSpecifier(from, source);
    if (!target) return undefined;
    return name === '*' ? { t: 'namespace', absolute: target } : this.exported(target, name);
  }

  /** What a project module exports under `name` ('default' for its default export or `module.exports`). */
  exported(absolute: string, name: string, depth = 0): Traced | undefined {
    const ctx = this.project?.context(absolute);
    if (!ctx || depth > 8 || absolute.endsWith('.json')) return undefined;
    const target = findExport(ctx.file, name);
    switch (target.kind) {
      case 'local':
        return this.declarationValue(target.node, ctx);
      case 'member': {
        const object = this.trace(target.object, ctx);
        return object && this.memberOf(object, target.name, ctx, target.object);
      }
      case 'reexport': {
        const resolved = this.project!.resolveSpecifier(absolute, target.specifier);
        if (!resolved) return this.imported(target.specifier, target.name, { node: ctx.file.ast.program, ctx });
        return target.name === '*' ? { t: 'namespace', absolute: resolved } : this.exported(resolved, target.name, depth + 1);
      }
      case 'star':
        for (const spec of target.specifiers) {
          const resolved = this.project!.resolveSpecifier(absolute, spec);
          const v = resolved && this.exported(resolved, name, depth + 1);
          if (v) return v;
        }
        return undefined;
    }
  }

  /** A declaration a name stands for: a function or class declaration as such, anything else traced. */
  private declarationValue(node: Node, ctx: FileContext): Traced | undefined {
    if (node.type === 'FunctionDeclaration') return { t: 'function', fn: node, ctx };
    if (node.type === 'ClassDeclaration') return { t: 'class', cls: node, ctx };
    return this.trace(node, ctx);
  }

  // ------------------------------------------------------------------ this, members

  /** `this`: an instance of the enclosing class (the class itself in a static method). */
  private thisValue(node: Node, ctx: FileContext): Traced | undefined {
    for (const a of ctx.file.ancestors(node)) {
      if (a.type === 'ArrowFunctionExpression') continue;
      if (a.type === 'ClassMethod' || a.type === 'ClassPrivateMethod' || a.type === 'ClassProperty' || a.type === 'ClassPrivateProperty' || a.type === 'StaticBlock') {
        const cls = ctx.file.enclosingClass(a);
        if (!cls) return undefined;
        const isStatic = a.type === 'StaticBlock' || (a as { static?: boolean }).static === true;
        return isStatic ? { t: 'class', cls, ctx } : { t: 'instance', cls, ctx };
      }
      if (isFunction(a)) return this.boundThis(a, ctx) ?? this.functionThis(a, ctx);
    }
    return undefined;
  }

  /**
   * `this` in a function given its `this` by the code: `function () {...}.bind(self)`, `co.call(self, function* () {...})`,
   * `fn.call(self)`: what `self` is where that call is written.
   */
  private boundThis(fn: t.Function, ctx: FileContext): Traced | undefined {
    const parent = ctx.file.parentOf(fn);
    const grand = parent && ctx.file.parentOf(parent);
    let given: Node | undefined;
    // function () {...}.bind(self) / .call(self, ...) / .apply(self, ...)
    if (parent?.type === 'MemberExpression' && parent.object === fn && grand && isCall(grand) && grand.callee === parent && ['bind', 'call', 'apply'].includes(memberName(parent) ?? '')) given = argNode(grand.arguments[0]);
    // co.call(self, function* () {...}): a runner's `call` gives the function it runs its `this`.
    else if (parent && isCall(parent) && parent.arguments[1] === fn) {
      const m = calleeMethod(parent);
      if (m?.method === 'call') given = argNode(parent.arguments[0]);
    }
    return given ? this.trace(given, ctx) : undefined;
  }

  /** `this` in `F.prototype.m = function () {...}` and in the constructor function `F` itself: an instance of F. */
  private functionThis(fn: t.Function, ctx: FileContext): Traced | undefined {
    const parent = ctx.file.parentOf(fn);
    if (parent?.type === 'AssignmentExpression' && parent.right === fn && parent.left.type === 'MemberExpression') {
      const proto = unwrap(parent.left.object as Node);
      if (proto.type === 'MemberExpression' && memberName(proto) === 'prototype') {
        const owner = this.trace(proto.object as Node, ctx);
        return owner?.t === 'function' && (owner.fn.type === 'FunctionDeclaration' || owner.fn.type === 'FunctionExpression') ? { t: 'instance', cls: owner.fn, ctx: owner.ctx } : undefined;
      }
    }
    // The constructor: a named function the file gives prototype methods to.
    if (fn.type === 'FunctionDeclaration' && fn.id && ctx.file.text.includes(`${fn.id.name}.prototype.`)) return { t: 'instance', cls: fn, ctx };
    return undefined;
  }

  private memberExpression(node: t.MemberExpression | t.OptionalMemberExpression, ctx: FileContext): Traced | undefined {
    let name = memberName(node);
    if (name === undefined && node.computed) {
      const key = ctx.resolver.resolve(node.property as Node);
      if (key.kind === 'literal' && (typeof key.value === 'string' || typeof key.value === 'number')) name = String(key.value);
    }
    // `channels[type]`, the key looked up at run time: what the code stores under any key of the same object.
    if (name === undefined) {
      const object = this.trace(node.object, ctx);
      const entry = node.computed && object?.t === 'object' ? this.entryOf(object.node, object.ctx, { ctx, object: node.object as Node }) : undefined;
      return entry ?? this.variableMember(node, undefined, ctx);
    }
    // `t.context` in a test: what the file's hooks of the same test function set it to (ava's t.context).
    if (name === 'context') {
      const shared = this.testContext(node, ctx);
      if (shared) return shared;
    }
    const object = this.trace(node.object, ctx);
    const v = object && this.memberOf(object, name, ctx, node);
    // `const rabbit = { ch: null }; ... rabbit.ch = await openChannel()`: the object's member as the code sets it later.
    return v?.t === 'lib' ? v : (this.variableMember(node, name, ctx) ?? v);
  }

  /**
   * `t.context` where `t` is the first parameter of a callback given to a test function (`test('...', async (t) => ...)`,
   * `test.serial(...)`): the value the file's hooks of that test function assign to their own parameter's `context`
   * (`test.beforeEach((t) => { t.context = { adapter } })`), as ava shares it between a hook and the tests it runs before.
   */
  private testContext(node: t.MemberExpression | t.OptionalMemberExpression, ctx: FileContext): Traced | undefined {
    const root = (n: Node): string | undefined => {
      let c = unwrap(n);
      while (c.type === 'MemberExpression') c = unwrap(c.object as Node);
      return c.type === 'Identifier' ? c.name : undefined;
    };
    const runner = (param: Node): string | undefined => {
      const p = unwrap(param);
      const b = p.type === 'Identifier' ? ctx.resolver.scopes.lookup(p.name, p) : undefined;
      const call = b?.kind === 'param' && b.paramIndex === 0 && b.fn ? ctx.file.parentOf(b.fn) : undefined;
      return call && isCall(call) && call.arguments.includes(b!.fn as never) ? root(call.callee as Node) : undefined;
    };
    const test = runner(node.object as Node);
    if (!test) return undefined;
    return this.guarded(`${ctx.file.path}#context:${test}`, () => {
      for (const a of ctx.file.memberAssignments('context')) {
        const left = a.left as t.MemberExpression;
        if (a.operator !== '=' || left.computed || unwrap(left.object as Node) === unwrap(node.object as Node) || runner(left.object as Node) !== test) continue;
        const v = this.trace(a.right as Node, ctx);
        if (v) return v;
      }
      return undefined;
    });
  }

  /**
   * `x.name` (or `x[key]` when `name` is undefined) where `x` is a variable or parameter: the first library object the
   * file assigns to that member of the same binding (`x.name = ...`, `x[anyKey] = ...` for a computed read).
   */
  private variableMember(node: t.MemberExpression | t.OptionalMemberExpression, name: string | undefined, ctx: FileContext): Traced | undefined {
    const object = unwrap(node.object as Node);
    // Cheapest first: most names get no member assignment in their file (one indexed lookup).
    const assigns = object.type === 'Identifier' ? ctx.file.assignmentsToMembersOf(object.name) : [];
    if (object.type !== 'Identifier' || !assigns.length) return undefined;
    const binding = ctx.resolver.scopes.lookup(object.name, object);
    if (!binding || binding.kind === 'import' || binding.kind === 'function' || binding.kind === 'class') return undefined;
    return this.guarded(`${placeKey(ctx, binding.id)}.${name ?? '[]'}`, () => {
      for (const a of assigns) {
        const left = a.left as t.MemberExpression;
        if (a.operator !== '=' || (name === undefined ? !left.computed : memberName(left) !== name)) continue;
        if (ctx.resolver.scopes.lookup(object.name, left.object as Node) !== binding) continue;
        const v = this.trace(a.right as Node, ctx);
        if (v?.t === 'lib') return v;
      }
      return undefined;
    });
  }

  /**
   * An entry of an object literal used as a map, read with a key known only at run time (`this.queues[qid]`): what
   * its file, or the file that reads it (a helper handed the map, `channels[type] = createChannel()`), stores under
   * any key (`this.queues[name] = {}`), the first library object, else the first value followed.
   */
  private entryOf(map: t.ObjectExpression, ctx: FileContext, read: { ctx: FileContext; object: Node }): Traced | undefined {
    return this.guarded(`${placeKey(ctx, map)}[key]`, () => {
      const stored = (at: FileContext) => this.firstOf(this.storedIn(map, at.file.computedMemberAssignments(), at, at === read.ctx ? read.object : undefined), at);
      const own = stored(ctx);
      if (own?.t === 'lib' || read.ctx.file === ctx.file) return own;
      const there = stored(read.ctx);
      return there?.t === 'lib' ? there : (own ?? there);
    });
  }

  /**
   * The values of the assignments whose object is the object literal `obj` (`obj[k] = v`, `obj.name = v`), or, in the
   * file that reads it, the same variable or parameter the read names (`channels[type] = ...` then `channels[type]`,
   * whatever each of them is traced to while the other is being traced).
   */
  private storedIn(obj: t.ObjectExpression, assignments: readonly t.AssignmentExpression[], ctx: FileContext, readObject?: Node): Node[] {
    const name = readObject && unwrap(readObject).type === 'Identifier' ? (unwrap(readObject) as t.Identifier) : undefined;
    const binding = name && ctx.resolver.scopes.lookup(name.name, name);
    return assignments.filter((a) => {
      const object = unwrap((a.left as t.MemberExpression).object as Node);
      if (binding && object.type === 'Identifier' && ctx.resolver.scopes.lookup(object.name, object) === binding) return true;
      const target = this.trace(object, ctx);
      return target?.t === 'object' && target.node === obj;
    }).map((a) => a.right as Node);
  }

  /** `x.name` for whatever x is. */
  memberOf(value: Traced, name: string, ctx: FileContext, at: Node): Traced | undefined {
    switch (value.t) {
      case 'lib': {
        // `.default` of a library module read through CommonJS interop is the module (`amqp_1.default.connect(...)`).
        if (name === 'default' && value.obj.kind === 'module') return value;
        const shape = this.byLibrary.get(value.obj.library);
        const kind = shape?.member?.(value.obj, name);
        return kind && shape ? this.make(shape, { key: `${value.obj.key}.${name}`, origin: value.obj.origin, ...kind }, { node: at, ctx }, value.obj.handedIn, value.obj) : undefined;
      }
      case 'instance':
        return this.classMember(value.cls, value.ctx, name);
      case 'class':
        return this.classMember(value.cls, value.ctx, name);
      case 'array':
        return /^\d+$/.test(name) ? (this.tupleElement(value.node, value.ctx, Number(name)) ?? this.arrayElement(value.node, value.ctx)) : undefined;
      case 'namespace':
        return this.exported(value.absolute, name);
      case 'object':
        return this.objectMember(value.node, value.ctx, name);
      case 'function':
        return undefined;
    }
  }

  private objectMember(obj: t.ObjectExpression, ctx: FileContext, name: string): Traced | undefined {
    return this.guarded(`${placeKey(ctx, obj)}.${name}`, () => this.objectMemberOnce(obj, ctx, name));
  }

  /** Runs a member lookup unless the same one is already under way (a cycle), and never deeper than the trace limit. */
  private guarded(key: string, lookup: () => Traced | undefined): Traced | undefined {
    if (this.activeMembers.has(key) || this.depth > MAX_DEPTH) return undefined;
    this.activeMembers.add(key);
    this.depth++;
    try {
      return lookup();
    } finally {
      this.depth--;
      this.activeMembers.delete(key);
    }
  }

  private objectMemberOnce(obj: t.ObjectExpression, ctx: FileContext, name: string): Traced | undefined {
    let found: Traced | undefined;
    for (const p of obj.properties) {
      if (p.type === 'SpreadElement') {
        const spread = this.trace(p.argument, ctx);
        const v = spread && this.memberOf(spread, name, ctx, p.argument);
        if (v) found = v;
        continue;
      }
      if (propertyKeyName(p) !== name) continue;
      found = p.type === 'ObjectMethod' ? { t: 'function', fn: p, ctx } : this.trace(p.value as Node, ctx);
    }
    // `const ctx = {}; t.context = ctx; ctx.adapter = await Adapter.connect()`: a library object the file assigns to the
    // member of any expression that is this object wins over a placeholder the literal holds (`{ ch: null }`).
    if (found?.t === 'lib') return found;
    const assigned = this.assignedMember(obj, ctx, name);
    return assigned?.t === 'lib' ? assigned : (found ?? assigned);
  }

  /** A member the file assigns to an object literal after it is made (`const q = {}; q.channel = ch`, `this.queues[n].channel = ch`). */
  private assignedMember(obj: t.ObjectExpression, ctx: FileContext, name: string): Traced | undefined {
    return this.firstOf(this.storedIn(obj, ctx.file.memberAssignments(name).filter((a) => a.operator === '='), ctx), ctx);
  }

  /**
   * A member of a class: a field's initializer or what the class assigns to `this.name` (in any
   * method), a getter's return, a method, a field or constructor parameter typed as a library object
   * or a project class (dependency injection), else the superclass's member.
   */
  classMember(cls: ClassLike, ctx: FileContext, name: string, depth = 0): Traced | undefined {
    if (isFunction(cls)) return this.guarded(`${placeKey(ctx, cls)}.${name}`, () => this.prototypeMember(cls, ctx, name));
    return this.guarded(`${placeKey(ctx, cls)}.${name}`, () => this.classMemberOnce(cls, ctx, name, depth));
  }

  /**
   * A member of a constructor function's instances: a `F.prototype.name = function` method, else what the
   * constructor or a method assigns to `this.name` (or `self.name`, `const self = this`).
   */
  private prototypeMember(fn: t.FunctionDeclaration | t.FunctionExpression, ctx: FileContext, name: string): Traced | undefined {
    let fallback: Traced | undefined;
    for (const a of ctx.file.memberAssignments(name)) {
      const object = unwrap((a.left as t.MemberExpression).object as Node);
      if (object.type === 'MemberExpression' && memberName(object) === 'prototype') {
        const owner = this.trace(object.object as Node, ctx);
        const method = unwrap(a.right as Node);
        if (owner?.t === 'function' && owner.fn === fn && isFunction(method)) return { t: 'function', fn: method, ctx };
        continue;
      }
      const owner = this.trace(object, ctx);
      if (owner?.t !== 'instance' || owner.cls !== fn) continue;
      const v = this.trace(a.right as Node, ctx);
      if (v?.t === 'lib') return v;
      fallback ??= v;
    }
    return fallback;
  }

  private classMemberOnce(cls: ClassNode, ctx: FileContext, name: string, depth: number): Traced | undefined {
    let typed: Traced | undefined;
    const fieldKey = `field:${placeKey(ctx, cls)}:${name}`;
    for (const m of cls.body.body) {
      if ((m.type === 'ClassProperty' || m.type === 'ClassAccessorProperty') && propertyKeyName(m) === name) {
        if (m.value) {
          const v = this.trace(m.value as Node, ctx);
          if (v) return v;
        }
        typed ??= this.types.annotation((m as t.ClassProperty).typeAnnotation as t.Identifier['typeAnnotation'], { node: m, ctx }, fieldKey);
      }
      if (m.type === 'ClassMethod' && m.kind === 'get' && propertyKeyName(m) === name) {
        const v = this.params.returns(m, ctx);
        if (v) return v;
      }
      if ((m.type === 'ClassMethod' || m.type === 'ClassPrivateMethod') && m.kind === 'method' && m.key.type === 'Identifier' && m.key.name === name) return { t: 'function', fn: m, ctx };
      if (m.type === 'ClassMethod' && m.kind === 'constructor') {
        for (const [index, p] of m.params.entries()) {
          if (p.type !== 'TSParameterProperty') continue;
          const id = p.parameter.type === 'AssignmentPattern' ? p.parameter.left : p.parameter;
          if (id.type !== 'Identifier' || id.name !== name) continue;
          // @Inject(TOKEN): what the project's provider of that token makes.
          typed ??= this.providers.injected(p.decorators, ctx);
          typed ??= this.types.annotation(id.typeAnnotation, { node: id, ctx }, fieldKey);
          // An untyped parameter property takes what each `new` passes.
          if (!typed) typed = this.params.paramValue(m, index, ctx);
        }
      }
    }
    for (const a of this.assignmentsTo(cls, ctx, name)) {
      const v = this.trace(a.right, ctx);
      if (v?.t === 'lib' || (v && !typed)) return v;
    }
    if (typed) return typed;
    if (cls.superClass && depth < 6) {
      const parent = this.trace(cls.superClass as Node, ctx);
      if (parent?.t === 'class') return this.classMember(parent.cls, parent.ctx, name, depth + 1);
    }
    return undefined;
  }

  /**
   * `this.name = value` in the class, and `C.name = value` / `self.name = value` in its file where the
   * object is the class or one of its instances (a static singleton, `const self = this`).
   */
  private assignmentsTo(cls: ClassNode, ctx: FileContext, name: string): t.AssignmentExpression[] {
    const own = ctx.file.thisAssignments(cls, name);
    const others = ctx.file.memberAssignments(name).filter((a) => {
      const object = unwrap((a.left as t.MemberExpression).object as Node);
      if (object.type === 'ThisExpression') return false;
      const v = this.trace(object, ctx);
      return (v?.t === 'class' || v?.t === 'instance') && v.cls === cls;
    });
    return others.length ? [...own, ...others] : own;
  }

  // ------------------------------------------------------------------ calls

  private call(call: t.CallExpression | t.OptionalCallExpression, ctx: FileContext): Traced | undefined {
    const callee = unwrap(call.callee as Node);
    const first = call.arguments[0];
    if (callee.type === 'Identifier' && callee.name === 'require' && first?.type === 'StringLiteral') return this.required(first.value, { node: call, ctx });
    if (callee.type === 'Import' && first?.type === 'StringLiteral') return this.imported(first.value, '*', { node: call, ctx });
    // TypeScript's CommonJS interop (`__importDefault(require('x'))`, `tslib_1.__importStar(...)`): the module itself.
    if (INTEROP_HELPERS.has((callee.type === 'Identifier' ? callee.name : calleeMethod(call)?.method) ?? '') && first && first.type !== 'SpreadElement' && first.type !== 'ArgumentPlaceholder') return this.trace(first as Node, ctx);
    // co(function* () {...}) resolves to what the generator returns; co.wrap(function* () {...}) is a function that does.
    const generator = coGenerator(call, ctx);
    if (generator) return calleeMethod(call)?.method === 'wrap' ? { t: 'function', fn: generator, ctx } : this.params.returns(generator, ctx);
    const m = calleeMethod(call);
    if (m) {
      if (m.method === 'then') return this.thenValue(call, ctx);
      // connect(url).catch(onError) / .finally(...): the promise's own value when it resolves.
      if (m.method === 'catch' || m.method === 'finally') return this.trace(m.object, ctx);
      // Object.assign(target, ...sources) returns its target (`Object.assign(new Connection(url), { [Symbol.asyncDispose]: ... })`).
      if (m.method === 'assign' && m.object.type === 'Identifier' && m.object.name === 'Object' && first && first.type !== 'SpreadElement' && first.type !== 'ArgumentPlaceholder') return this.trace(first as Node, ctx);
      // `this.channels.get(name)` on a Map the file fills with `this.channels.set(name, value)`: one of those values
      // (a library object at once; anything else once the receiver is not something else's `get`, `app.get(C)`).
      const stored = m.method === 'get' ? this.mapValue(m.object, ctx) : undefined;
      if (stored?.t === 'lib') return stored;
      // app.get(C), moduleRef.get(C), container.resolve(C): whatever the receiver is (a framework's, untraced).
      if (INSTANCE_GETTERS.has(m.method) && first && first.type !== 'SpreadElement' && first.type !== 'ArgumentPlaceholder') {
        const cls = this.trace(first as Node, ctx);
        if (cls?.t === 'class') return { t: 'instance', cls: cls.cls, ctx: cls.ctx };
        // app.get(TOKEN): what the project's provider of that token makes (a NestJS custom provider).
        const provided = this.providers.ofToken(first as Node, ctx);
        if (provided) return provided;
      }
      // container.get<RabbitMqService>(TYPES.RabbitMqService): the type argument names the class.
      const typeArg = INSTANCE_GETTERS.has(m.method) ? (call as { typeParameters?: t.TSTypeParameterInstantiation | null }).typeParameters?.params[0] : undefined;
      const typed = typeArg && this.types.typeArgument(typeArg, { node: call, ctx }, `call:${placeKey(ctx, call)}`);
      if (typed) return typed;
      const target = this.trace(m.object, ctx);
      // this.channels.get(name) of a map the code fills with this.channels.set(name, channels): a value it sets.
      if (!target) {
        if (stored) return stored;
        return this.ladder.makesObject(m.method) ? this.inferredMethod(call, m.method, ctx) : undefined;
      }
      if (target.t === 'lib') return this.libMethod(target.obj, m.method, call, ctx);
      // map.get(key): an entry's value (which key, the tracker does not tell).
      if (target.t === 'array' && target.map) return m.method === 'get' ? this.path(this.mapEntry(target.node, target.ctx), ['1'], ctx, call) : undefined;
      if (target.t === 'array') return SAME_ELEMENTS.has(m.method) ? target : ELEMENT_OF.has(m.method) ? this.arrayElement(target.node, target.ctx) : undefined;
      const fn = this.memberOf(target, m.method, ctx, callee);
      return fn?.t === 'function' ? this.returnedBy(fn.fn, fn.ctx, call, ctx) : stored;
    }
    const fn = this.trace(callee, ctx);
    if (fn?.t === 'function') return this.returnedBy(fn.fn, fn.ctx, call, ctx);
    if (fn?.t === 'lib') {
      const shape = this.byLibrary.get(fn.obj.library);
      const kind = shape?.call?.(fn.obj, { node: call, ctx });
      return kind && shape ? this.make(shape, kind, { node: call, ctx }, false, fn.obj) : undefined;
    }
    return undefined;
  }

  /**
   * A value read from a Map (`map.get(key)`) that the tracker does not follow as an object: the first library object the
   * file gives a map with `.set(key, value)`, else the first value followed, the map being written as the same variable
   * or the same `this.name` of the same class as `map` (an empty `new Map()` filled later).
   */
  private mapValue(map: Node, ctx: FileContext): Traced | undefined {
    const same = sameHolder(map, ctx);
    if (!same) return undefined;
    return this.guarded(`${placeKey(ctx, map)}.set`, () => {
      let fallback: Traced | undefined;
      for (const call of ctx.file.callsNamed('.set')) {
        const value = argNode(call.arguments[1]);
        const holder = (unwrap(call.callee as Node) as t.MemberExpression).object as Node;
        if (!value || !same(holder)) continue;
        const v = this.trace(value, ctx);
        if (v?.t === 'lib') return v;
        fallback ??= v;
      }
      return fallback;
    });
  }

  /** What a call of a project function returns: an object the function makes on every call is this call's own. */
  private returnedBy(fn: t.Function, fnCtx: FileContext, call: t.CallExpression | t.OptionalCallExpression, ctx: FileContext): Traced | undefined {
    const v = this.params.returns(fn, fnCtx);
    if (v?.t !== 'lib' || !this.params.makesEachCall(fn, fnCtx, v.obj)) return v;
    return lib({ ...v.obj, key: perCallKey(v.obj.key, ctx, call), perCall: { node: call, ctx } });
  }

  private libMethod(target: LibObject, method: string, call: t.CallExpression | t.OptionalCallExpression, ctx: FileContext): Traced | undefined {
    const shape = this.byLibrary.get(target.library);
    const kind = shape?.method?.(target, method, { node: call, ctx });
    return kind && shape ? this.make(shape, kind, { node: call, ctx }, false, target) : undefined;
  }

  /**
   * What a call makes on a receiver the tracker cannot follow but the ladder infers (`conn.createChannel()`, `conn`
   * untraced). A call that fits several clients makes an object of none of them: which one it is stays open, and the
   * calls on that object are judged by the ladder themselves (where the clients' verdicts may differ).
   */
  private inferredMethod(call: t.CallExpression | t.OptionalCallExpression, method: string, ctx: FileContext): Traced | undefined {
    const receivers = this.ladder.inferred(call, ctx);
    return receivers.length === 1 ? this.libMethod(receivers[0], method, call, ctx) : undefined;
  }

  /** A require of the library is the library; a relative require is what the module exports (`module.exports`), else its namespace. */
  private required(source: string, at: Located): Traced | undefined {
    const direct = this.imported(source, '*', at);
    if (direct?.t !== 'namespace') return direct;
    return this.exported(direct.absolute, 'default') ?? direct;
  }

  /** `x.then(v => ...)`: what the callback returns. */
  private thenValue(call: t.CallExpression | t.OptionalCallExpression, ctx: FileContext): Traced | undefined {
    const fn = call.arguments[0] ? unwrap(call.arguments[0] as Node) : undefined;
    return fn && isFunction(fn) ? this.params.returns(fn, ctx) : undefined;
  }

  private construct(node: t.NewExpression, ctx: FileContext): Traced | undefined {
    const callee = this.trace(node.callee as Node, ctx);
    // new Promise((resolve) => ... resolve(x) ...): the promise's value is what is resolved.
    const executor = node.arguments[0] ? unwrap(node.arguments[0] as Node) : undefined;
    if (node.callee.type === 'Identifier' && node.callee.name === 'Promise' && !callee && executor && isFunction(executor)) return this.params.callbackArgument(executor, ctx, 0, 0);
    // new Map([[key, value], ...]): iterated, its entries are the array's tuples.
    if (node.callee.type === 'Identifier' && node.callee.name === 'Map' && !callee && executor) {
      const entries = this.trace(executor, ctx);
      return entries?.t === 'array' ? { ...entries, map: true } : undefined;
    }
    if (callee?.t === 'class') return { t: 'instance', cls: callee.cls, ctx: callee.ctx };
    if (callee?.t === 'function' && (callee.fn.type === 'FunctionDeclaration' || callee.fn.type === 'FunctionExpression')) return { t: 'instance', cls: callee.fn, ctx: callee.ctx };
    if (callee?.t === 'lib') {
      const shape = this.byLibrary.get(callee.obj.library);
      const kind = shape?.construct?.(callee.obj, { node, ctx });
      return kind && shape ? this.make(shape, kind, { node, ctx }, false, callee.obj) : undefined;
    }
    return undefined;
  }

  /** Is `call` a call of a function the tracker can follow (for callers of callbacks)? */
  calledFunction(call: t.CallExpression | t.OptionalCallExpression, ctx: FileContext): { fn: t.Function; ctx: FileContext } | undefined {
    const callee = unwrap(call.callee as Node);
    const v = this.trace(callee, ctx);
    return v?.t === 'function' ? { fn: v.fn, ctx: v.ctx } : undefined;
  }
}

/** A test for expressions that name the same holder as `node`: the same variable binding, or `this.name` in the same class. */
function sameHolder(node: Node, ctx: FileContext): ((other: Node) => boolean) | undefined {
  const n = unwrap(node);
  if (n.type === 'Identifier') {
    const b = ctx.resolver.scopes.lookup(n.name, n);
    return b ? (o) => unwrap(o).type === 'Identifier' && ctx.resolver.scopes.lookup((unwrap(o) as t.Identifier).name, o) === b : undefined;
  }
  if (n.type === 'MemberExpression' && unwrap(n.object as Node).type === 'ThisExpression') {
    const name = memberName(n);
    const cls = ctx.file.enclosingClass(n);
    if (!name || !cls) return undefined;
    return (o) => {
      const u = unwrap(o);
      return u.type === 'MemberExpression' && unwrap(u.object as Node).type === 'ThisExpression' && memberName(u) === name && ctx.file.enclosingClass(u) === cls;
    };
  }
  return undefined;
}

const argNode = (a: t.CallExpression['arguments'][number] | undefined): Node | undefined => (a && a.type !== 'SpreadElement' && a.type !== 'ArgumentPlaceholder' ? (a as Node) : undefined);

/** `co(function* () {...})` or `co.wrap(function* () {...})`, `co` being the co package: the generator it runs. */
function coGenerator(call: t.CallExpression | t.OptionalCallExpression, ctx: FileContext): t.Function | undefined {
  const gen = argNode(call.arguments[0]);
  const fn = gen && unwrap(gen);
  if (!fn || !isFunction(fn) || !fn.generator) return undefined;
  const callee = unwrap(call.callee as Node);
  const root = callee.type === 'MemberExpression' && memberName(callee) === 'wrap' ? unwrap(callee.object as Node) : callee;
  if (root.type !== 'Identifier') return undefined;
  const b = ctx.resolver.scopes.lookup(root.name, root);
  const source = b?.kind === 'import' ? b.importSource : b?.init && isCall(unwrap(b.init as Node)) ? requiredSource(unwrap(b.init as Node) as t.CallExpression) : undefined;
  return source === 'co' ? fn : undefined;
}

function requiredSource(call: t.CallExpression | t.OptionalCallExpression): string | undefined {
  const callee = unwrap(call.callee as Node);
  const first = call.arguments[0];
  return callee.type === 'Identifier' && callee.name === 'require' && first?.type === 'StringLiteral' ? first.value : undefined;
}

/** `for (const x of xs)`: the loop whose variable the binding is. */
function forOfLoop(b: Binding, ctx: FileContext): t.ForOfStatement | undefined {
  if (b.declaration.type !== 'VariableDeclarator') return undefined;
  const declaration = ctx.file.parentOf(b.declaration);
  const loop = declaration && ctx.file.parentOf(declaration);
  return loop?.type === 'ForOfStatement' && loop.left === declaration ? loop : undefined;
}
