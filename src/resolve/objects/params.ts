// Where a function's parameters and return values get their library objects: a library's callbacks,
// `.then`, option callbacks (`{ setup(channel) {...} }`), the project's own helpers that call a
// callback with a channel (`withChannel(async (ch) => ...)`), and every caller, in any file.
import type * as t from '@babel/types';
import { calleeMethod, isCall, isFunction, unwrap, type Node } from '../../parse/ast';
import type { Binding } from '../scope';
import type { FileContext } from '../file-context';
import { callSitesOf } from '../call-sites';
import { usesTestDoubles } from '../test-files';
import { jsdocParamType } from '../jsdoc-params';
import { perCallKey, placeKey, type Traced } from './traced';
import type { ObjectTracking as ObjectTracker } from '../contracts';
import type { CallNode, LibObject } from './shape';

/** `name.bind` in a text: the name (a function passed on with bound arguments). */
const BOUND_NAME = /([A-Za-z_$][\w$]*)\s*\.\s*bind\b/g;

/** Array methods whose callback's first parameter is an element. */
const ARRAY_CALLBACKS = new Set(['forEach', 'map', 'filter', 'find', 'findLast', 'some', 'every', 'flatMap', 'findIndex']);

const argNode = (a: t.CallExpression['arguments'][number] | undefined): Node | undefined => (a && a.type !== 'SpreadElement' && a.type !== 'ArgumentPlaceholder' ? (a as Node) : undefined);

export class ParamTracing {
  private readonly returned = new Map<t.Function, Traced | null>();
  private readonly values = new Map<string, Traced | null>();
  private readonly activeReturns = new Set<t.Function>();
  /** Each function's `.bind(...)` calls, found once (a function's parameters each ask). */
  private readonly bound = new Map<t.Function, { call: t.CallExpression; ctx: FileContext }[]>();
  private readonly boundNames = new Map<string, { text: string; names: Set<string> }>();

  constructor(private readonly tracker: ObjectTracker) {}

  /** A parameter binding: its declared type, what the function it belongs to is called with, down its destructuring path. */
  param(b: Binding, ctx: FileContext): Traced | undefined {
    const fn = b.fn;
    if (!fn || b.paramIndex === undefined) return undefined;
    const received = `param:${placeKey(ctx, b.id)}`;
    const typed = b.path.length === 0 ? this.declaredType(b, fn, ctx, received) : undefined;
    // A project class or module named by the type (an injected service, `typeof import('./rabbit')`).
    if (typed && typed.t !== 'lib') return typed;
    const value = this.tracker.path(this.paramValue(fn, b.paramIndex, ctx), b.path, ctx, b.id);
    // A typed parameter is the caller's object when the callers tell which one; else it is received here.
    if (typed?.t === 'lib') return value?.t === 'lib' && value.obj.kind === typed.obj.kind && value.obj.library === typed.obj.library ? value : typed;
    return value ?? (b.path.length === 0 && b.init ? this.tracker.trace(b.init, ctx) : undefined);
  }

  private declaredType(b: Binding, fn: t.Function, ctx: FileContext, received: string): Traced | undefined {
    const annotated = this.tracker.types.annotation(b.id.typeAnnotation, { node: b.id, ctx }, received);
    if (annotated) return annotated;
    const doc = jsdocParamType(ctx.file, fn, b.name);
    return doc ? this.tracker.types.jsdoc(doc, { node: b.id, ctx }, received) : undefined;
  }

  /** What parameter `index` of `fn` is, from where `fn` is used: a callback of a library or a helper, or called by the project. */
  paramValue(fn: t.Function, index: number, ctx: FileContext): Traced | undefined {
    const key = `${placeKey(ctx, fn)}:${index}`;
    if (this.values.has(key)) return this.values.get(key) ?? undefined;
    this.values.set(key, null);
    const found = this.asCallback(fn, index, ctx) ?? this.asBound(fn, index, ctx) ?? this.asOptionCallback(fn, index, ctx) ?? this.fromCallers(fn, index, ctx);
    this.values.set(key, found ?? null);
    return found;
  }

  /** `fn` passed as an argument: `x.then(fn)`, a library's callback, or a project helper that calls it. */
  private asCallback(fn: t.Function | t.CallExpression, index: number, ctx: FileContext): Traced | undefined {
    const call = ctx.file.parentOf(fn);
    if (!call || !isCall(call)) return undefined;
    const arg = call.arguments.indexOf(fn as never);
    if (arg < 0) return undefined;
    const m = calleeMethod(call);
    if (m?.method === 'then' && arg === 0) return index === 0 ? this.tracker.trace(m.object, ctx) : undefined;
    // xs.forEach((x) => ...), xs.filter(...), xs.map(...): an element of the array.
    if (m && ARRAY_CALLBACKS.has(m.method) && arg === 0 && index === 0) {
      // map.forEach((value, key) => ...): an entry's value.
      const list = this.tracker.trace(m.object, ctx);
      return list?.t === 'array' && list.map ? this.tracker.path(this.tracker.elementOf(m.object, ctx), ['1'], ctx, fn) : this.tracker.elementOf(m.object, ctx);
    }
    const target = this.tracker.trace(m ? m.object : (call.callee as Node), ctx);
    if (target?.t === 'lib') return this.libraryCallback(target.obj, m ? m.method : '', arg, index, { node: call, ctx });
    // A receiver the tracker cannot follow that the ladder infers (`conn.queue(name, opts, (q) => ...)`, `conn` untraced).
    // A call that fits several clients gives its callback the object of none of them (see the tracker's inferredMethod).
    const inferred = !target && m ? this.tracker.receiversOf(call, ctx) : [];
    if (inferred.length === 1) return this.libraryCallback(inferred[0], m!.method, arg, index, { node: call, ctx });
    const helper = this.tracker.calledFunction(call, ctx);
    if (!helper) return undefined;
    const handed = this.callbackHanded(helper.fn, helper.ctx, arg, index);
    if (handed?.value.t !== 'lib' || !this.passesFresh(helper.fn, helper.ctx, handed.value.obj, handed.passed)) return handed?.value;
    // A helper that opens the object on every call and hands it to its callback (`consumer(async (ch) => ...)`):
    // each call's callback gets its own, so what one call's callback does to it (a prefetch) is not another's.
    return { t: 'lib', obj: { ...handed.value.obj, key: perCallKey(handed.value.obj.key, ctx, call), perCall: { node: call, ctx } } };
  }

  /**
   * `fn.bind(self, a, b)` (written on the function, or on a name of it): the bound arguments are its first
   * parameters; the rest are what the bound function is called with, where it is passed as a callback.
   */
  private asBound(fn: t.Function, index: number, ctx: FileContext): Traced | undefined {
    for (const { call: bind, ctx: at } of this.boundCalls(fn, ctx)) {
      const bound = bind.arguments.length - 1;
      if (index < bound) {
        const passed = argNode(bind.arguments[index + 1]);
        const v = passed && this.tracker.trace(passed, at);
        if (v) return v;
        continue;
      }
      const v = this.asCallback(bind, index - Math.max(bound, 0), at);
      if (v) return v;
    }
    return undefined;
  }

  /**
   * The `.bind(...)` calls of a function: on the function itself (`function (q) {...}.bind(this)`), or on a name of it,
   * in its file and, for an exported one, in the files that import it (`onChannel.bind(undefined, resolve)`).
   */
  private boundCalls(fn: t.Function, ctx: FileContext): { call: t.CallExpression; ctx: FileContext }[] {
    let found = this.bound.get(fn);
    if (!found) this.bound.set(fn, (found = this.findBoundCalls(fn, ctx)));
    return found;
  }

  private findBoundCalls(fn: t.Function, ctx: FileContext): { call: t.CallExpression; ctx: FileContext }[] {
    const member = ctx.file.parentOf(fn);
    const call = member && ctx.file.parentOf(member);
    if (member?.type === 'MemberExpression' && member.object === fn && call?.type === 'CallExpression' && call.callee === member) return memberNameIs(member, 'bind') ? [{ call, ctx }] : [];
    const name = fn.type === 'FunctionDeclaration' ? fn.id?.name : member?.type === 'VariableDeclarator' && member.id.type === 'Identifier' && member.init === fn ? member.id.name : undefined;
    if (!name) return [];
    const project = this.tracker.project;
    const absolute = ctx.resolver.absolute;
    const files = project && absolute ? project.callerFiles(absolute) : [];
    const out: { call: t.CallExpression; ctx: FileContext }[] = [];
    for (const file of files.length ? files : [undefined]) {
      const at = file === undefined || file === absolute ? ctx : this.bindsName(file, name) ? project!.context(file) : undefined;
      if (!at) continue;
      for (const c of at.file.callsNamed('.bind')) {
        const callee = unwrap(c.callee as Node);
        const object = callee.type === 'MemberExpression' ? unwrap(callee.object as Node) : undefined;
        // The name first (one comparison), then what it is bound to.
        if (c.type !== 'CallExpression' || object?.type !== 'Identifier' || object.name !== name) continue;
        const v = at.resolver.resolve(object);
        if (v.kind === 'function' && v.node === fn) out.push({ call: c, ctx: at });
      }
    }
    return out;
  }

  /** Whether another file's text writes `name.bind` (the names it binds, read once per file: one lookup per question). */
  private bindsName(file: string, name: string): boolean {
    const text = this.tracker.project?.host.read(file);
    if (!text) return false;
    // Keyed by the text too: the language server's project outlives an edit of the file.
    let entry = this.boundNames.get(file);
    if (entry?.text !== text) {
      entry = { text, names: new Set(text.includes('.bind') ? [...text.matchAll(BOUND_NAME)].map((m) => m[1]) : []) };
      this.boundNames.set(file, entry);
    }
    return entry.names.has(name);
  }

  private libraryCallback(target: LibObject, method: string, arg: number, index: number, call: { node: CallNode; ctx: FileContext }): Traced | undefined {
    const shape = this.tracker.shapeOf(target.library);
    const kind = shape?.callbackParam?.(target, method, arg, index, call);
    return kind && shape ? this.tracker.make(shape, kind, call, false, target) : undefined;
  }

  /** `x.method({ setup(channel) {...} })` or `{ setup: (channel) => ... }`, also `const setup = (channel) => ...; x.method({ setup })`. */
  private asOptionCallback(fn: t.Function, index: number, ctx: FileContext): Traced | undefined {
    const prop = fn.type === 'ObjectMethod' ? fn : ctx.file.parentOf(fn);
    if (prop?.type === 'VariableDeclarator') return this.namedOptionCallback(prop, index, ctx);
    if (!prop || (prop.type !== 'ObjectProperty' && prop.type !== 'ObjectMethod') || prop.computed || prop.key.type !== 'Identifier') return undefined;
    const obj = ctx.file.parentOf(prop);
    const call = obj && ctx.file.parentOf(obj);
    if (!obj || !call || !isCall(call)) return undefined;
    const arg = call.arguments.indexOf(obj as never);
    if (arg < 0) return undefined;
    return this.libraryOptionCallback(call, ctx, arg, prop.key.name, index) ?? this.forwardedOptionCallback(call, ctx, arg, prop.key.name, index);
  }

  /** A function held in a const and given as an option by name (`createChannel({ setup })`, `{ setup: setup }`) in a call of its file. */
  private namedOptionCallback(declarator: t.VariableDeclarator, index: number, ctx: FileContext): Traced | undefined {
    if (declarator.id.type !== 'Identifier') return undefined;
    const binding = ctx.resolver.scopes.lookup(declarator.id.name, declarator.id);
    for (const call of ctx.file.callsAndConstructions()) {
      if (!isCall(call)) continue;
      for (const [arg, obj] of call.arguments.entries()) {
        if (obj.type !== 'ObjectExpression') continue;
        for (const p of obj.properties) {
          if (p.type !== 'ObjectProperty' || p.computed || p.key.type !== 'Identifier' || p.value.type !== 'Identifier') continue;
          if (ctx.resolver.scopes.lookup(p.value.name, p.value) !== binding) continue;
          const v = this.libraryOptionCallback(call, ctx, arg, p.key.name, index) ?? this.forwardedOptionCallback(call, ctx, arg, p.key.name, index);
          if (v) return v;
        }
      }
    }
    return undefined;
  }

  /** `lib.method({ option(param) {...} })` called on a library object: what the library passes the option's callback. */
  private libraryOptionCallback(call: CallNode, ctx: FileContext, arg: number, option: string, index: number): Traced | undefined {
    const m = calleeMethod(call);
    const target = m && this.tracker.trace(m.object, ctx);
    if (target?.t !== 'lib') return undefined;
    const shape = this.tracker.shapeOf(target.obj.library);
    const kind = shape?.optionCallbackParam?.(target.obj, m!.method, arg, option, index, { node: call, ctx });
    return kind && shape ? this.tracker.make(shape, kind, { node: call, ctx }, false, target.obj) : undefined;
  }

  /**
   * The options object handed to a project function that passes it on to a library call, as it is or spread into
   * another object (`makeChannel({ name, setup(ch) {...} })` → `this.client.createChannel({ json: true, ...op })`):
   * what the library passes the option's callback there. When the function makes (and returns) a new object at each
   * call, the callback's object is this call's own, as the function's result is.
   */
  private forwardedOptionCallback(call: CallNode, ctx: FileContext, arg: number, option: string, index: number): Traced | undefined {
    const helper = this.tracker.calledFunction(call as t.CallExpression, ctx);
    const param = helper?.fn.params[arg];
    const id = param?.type === 'AssignmentPattern' ? param.left : param;
    if (!helper || id?.type !== 'Identifier') return undefined;
    const { fn, ctx: at } = helper;
    const binding = at.resolver.scopes.lookup(id.name, id);
    const carries = (node: Node | undefined, depth = 0): boolean => {
      const n = node && unwrap(node);
      if (!n || depth > 2) return false;
      if (n.type === 'Identifier') {
        const b = at.resolver.scopes.lookup(n.name, n);
        if (b === binding) return true;
        return !!b && b.kind === 'const' && !b.path.length && !!b.init && within(b.init, fn) && carries(b.init, depth + 1);
      }
      return n.type === 'ObjectExpression' && n.properties.some((p) => p.type === 'SpreadElement' && carries(p.argument as Node, depth + 1));
    };
    for (const node of at.file.nodesUnder(fn.body)) {
      if (!isCall(node)) continue;
      const inner = node.arguments.findIndex((a) => carries(argNode(a)));
      if (inner < 0) continue;
      const v = this.libraryOptionCallback(node, at, inner, option, index);
      if (v?.t !== 'lib') continue;
      const made = this.returns(fn, at);
      const fresh = made?.t === 'lib' && made.obj.key === placeKey(at, node) && this.makesEachCall(fn, at, made.obj);
      return fresh ? { t: 'lib', obj: { ...v.obj, key: perCallKey(v.obj.key, ctx, call), perCall: { node: call, ctx } } } : v;
    }
    return undefined;
  }

  /**
   * Inside a helper whose parameter `callbackIndex` is a callback: what it passes as the callback's
   * argument `index` (`async function withChannel(fn) { ...; return fn(channel); }`).
   */
  callbackArgument(helper: t.Function, ctx: FileContext, callbackIndex: number, index: number): Traced | undefined {
    return this.callbackHanded(helper, ctx, callbackIndex, index)?.value;
  }

  /** What `callbackArgument` finds, and the expression the helper passes it as. */
  private callbackHanded(helper: t.Function, ctx: FileContext, callbackIndex: number, index: number): { value: Traced; passed: Node } | undefined {
    const param = helper.params[callbackIndex];
    const id = param?.type === 'AssignmentPattern' ? param.left : param;
    if (!id || id.type !== 'Identifier') return undefined;
    const binding = ctx.resolver.scopes.lookup(id.name, id);
    for (const node of ctx.file.nodesUnder(helper.body)) {
      if (!isCall(node)) continue;
      let callee = unwrap(node.callee as Node);
      let shift = 0;
      const m = calleeMethod(node);
      if (m && (m.method === 'call' || m.method === 'apply') && unwrap(m.object).type === 'Identifier') {
        callee = unwrap(m.object);
        shift = 1;
      }
      if (callee.type !== 'Identifier' || callee.name !== id.name || ctx.resolver.scopes.lookup(id.name, callee) !== binding) continue;
      const passed = argNode(node.arguments[index + shift]);
      const v = passed && this.tracker.trace(passed, ctx);
      if (v) return { value: v, passed: passed! };
    }
    return undefined;
  }

  /**
   * Whether `fn` hands its callback an object it makes anew on each call: made inside it, and passed as that call or
   * a variable of its own holding it (or a parameter of a library callback inside it, `createChannel((err, ch) => fn(ch))`),
   * not a field or module variable that keeps one object for every caller (`if (!ch) ch = ...; fn(ch)`).
   */
  private passesFresh(fn: t.Function, ctx: FileContext, obj: LibObject, passed: Node): boolean {
    const made = obj.perCall ?? obj.origin;
    if (made.ctx.file !== ctx.file || obj.handedIn || !within(made.node, fn)) return false;
    const node = unwrap(passed);
    if (node.type === 'Identifier') {
      const b = ctx.resolver.scopes.lookup(node.name, node);
      if (b?.kind === 'param' && b.fn && b.fn !== fn && within(b.fn, fn) && !b.path.length) return true;
    }
    return this.freshExpression(node, fn, ctx);
  }

  /** The arguments the project calls `fn` with at `index`: one library object if they agree on it. */
  private fromCallers(fn: t.Function, index: number, ctx: FileContext): Traced | undefined {
    const project = this.tracker.project;
    const absolute = ctx.resolver.absolute;
    if (!project || !absolute) return undefined;
    let found: Traced | undefined;
    // Unit tests hand a helper mocks (`{ consume: vi.fn() }`): outside them, what they pass does not count.
    const sites = callSitesOf(fn, ctx, absolute, project);
    for (const site of usesTestDoubles(ctx.file) ? sites : sites.filter((s) => !usesTestDoubles(s.ctx.file))) {
      const passed = argNode((site.call.arguments as t.CallExpression['arguments'])[index]);
      const v = passed && this.tracker.trace(passed, site.ctx);
      if (!v) continue;
      if (!found) found = v;
      else if (found.t === 'lib' && v.t === 'lib' && found.obj.key !== v.obj.key) return { t: 'lib', obj: { ...found.obj, key: `param:${placeKey(ctx, fn)}:${index}`, handedIn: true } };
    }
    return found;
  }

  /**
   * Whether `fn` makes the library object it returns anew on each call: the object is made inside it (by the
   * library, or by a factory it calls), and what it returns is that call or a variable of its own holding it, not
   * a field, a module variable or a parameter that keeps one object for every caller (`if (!ch) ch = ...; return ch`).
   */
  makesEachCall(fn: t.Function, ctx: FileContext, obj: LibObject): boolean {
    const made = obj.perCall ?? obj.origin;
    if (made.ctx.file !== ctx.file || obj.handedIn || !within(made.node, fn)) return false;
    const returned = fn.body.type !== 'BlockStatement' ? [fn.body as Node] : ctx.file.nodesUnder(fn.body).filter((n): n is t.ReturnStatement => n.type === 'ReturnStatement' && !!n.argument && ownFunction(ctx, n) === fn).map((r) => r.argument as Node);
    const mine = returned.filter((r) => {
      const v = this.tracker.trace(r, ctx);
      return v?.t === 'lib' && v.obj.key === obj.key;
    });
    return mine.length > 0 && mine.every((r) => this.freshExpression(unwrap(r), fn, ctx));
  }

  private freshExpression(node: Node, fn: t.Function, ctx: FileContext): boolean {
    if (node.type === 'CallExpression' || node.type === 'OptionalCallExpression' || node.type === 'NewExpression') return true;
    if (node.type !== 'Identifier') return false;
    const b = ctx.resolver.scopes.lookup(node.name, node);
    if (!b || (b.kind !== 'const' && b.kind !== 'let' && b.kind !== 'var') || b.path.length || !within(b.id, fn)) return false;
    return !!b.init && this.freshExpression(unwrap(b.init), fn, ctx);
  }

  /** What a function returns: its expression body, or the first of its `return`s that is tracked, else its declared return type. */
  returns(fn: t.Function, ctx: FileContext): Traced | undefined {
    if (this.returned.has(fn)) return this.returned.get(fn) ?? undefined;
    if (this.activeReturns.has(fn)) return undefined;
    this.activeReturns.add(fn);
    let found: Traced | undefined;
    try {
      if (fn.body.type !== 'BlockStatement') found = this.tracker.trace(fn.body, ctx);
      else {
        const returns = ctx.file.nodesUnder(fn.body).filter((n): n is t.ReturnStatement => n.type === 'ReturnStatement' && !!n.argument && ownFunction(ctx, n) === fn);
        found = this.tracker.firstOf(returns.map((r) => r.argument as Node), ctx);
      }
      found ??= this.tracker.types.annotation(fn.returnType as t.Identifier['typeAnnotation'], { node: fn, ctx }, `returns:${placeKey(ctx, fn)}`);
    } finally {
      this.activeReturns.delete(fn);
    }
    this.returned.set(fn, found ?? null);
    return found;
  }
}

const memberNameIs = (m: t.MemberExpression, name: string) => !m.computed && m.property.type === 'Identifier' && m.property.name === name;

function ownFunction(ctx: FileContext, node: Node): t.Function | undefined {
  for (const a of ctx.file.ancestors(node)) if (isFunction(a)) return a;
  return undefined;
}

/** Whether `node` lies inside the function `fn`. */
function within(node: Node, fn: t.Function): boolean {
  return (node.start ?? -1) >= (fn.start ?? 0) && (node.end ?? 0) <= (fn.end ?? 0);
}
