// A declaration inside a wrapper function, judged once per call site with that call's arguments.
import type * as t from '@babel/types';
import type { Consumer, ParamOrigin, Qos, QueueDeclaration, Resolved } from '../model';
import { placeKey } from '../resolve/objects/traced';
import type { Project } from '../resolve/project';
import { functionName } from '../resolve/values';
import type { CallSiteBinding, FileContext, Resolver as ValueResolver, Value } from '../resolve/contracts';
import { isFunction, paramIdentifier } from '../parse/ast';
import { calledName, callSitesOf, commandLineCallsOf, type CallSite } from '../resolve/call-sites';
import { usesTestDoubles } from '../resolve/test-files';
import { packageDirOf } from './package-dir';
import { libraryCall, libraryDefaultsReading, readAsLibrary } from './library-defaults';
import { packageRoleOf } from '../resolve/package-role';
import { isPackageApi } from '../resolve/package-api';

const MAX_LEVELS = 3;

/** A subject a wrapper function may make: a queue declaration or a consumer, read again at each of its call sites. */
export type Expandable = QueueDeclaration | Consumer | Qos;

/** The parameters a subject's values come from. */
function paramsOf(subject: Expandable): ParamOrigin[] {
  const all: (Resolved<unknown> | undefined)[] =
    subject.kind === 'queue-declaration'
      ? [subject.name, subject.durable, subject.exclusive, subject.autoDelete, ...subject.arguments.map((a) => a.value)]
      : subject.kind === 'consumer'
        ? [subject.queue, subject.ack, subject.prefetch, ...subject.consumerArguments.map((a) => a.value)]
        : [subject.count, subject.global, subject.runs];
  return all.flatMap((r) => (r?.kind === 'unknown' && r.param ? [r.param] : []));
}

export interface Located {
  ctx: FileContext;
  absolute: string;
}

/**
 * A declaration whose options are parameters of the function it is in becomes one declaration per
 * call site, read with that call's arguments (and the parameters' defaults), following wrappers of
 * wrappers up to three levels. Undefined when there is nothing to expand (or no caller is found).
 */
export function instantiate<S extends Expandable>(decl: S, home: Located, project: Project): { decl: S; at: Located }[] | undefined {
  const channel = channelParamOf(decl, home.ctx);
  if (!decl.rebuild || (paramsOf(decl).length === 0 && !channel)) return undefined;
  const out: { decl: S; at: Located }[] = [];
  expand(decl, home, [], project, out, channel);
  return out.length ? out : undefined;
}

/** A call site and the function it calls. */
type Link = CallSite & { fn: t.Function };

function expand<S extends Expandable>(decl: S, home: Located, chain: Link[], project: Project, out: { decl: S; at: Located }[], channel?: ParamOrigin): void {
  const params = [...paramsOf(decl), ...(channel ? [channel] : [])];
  const outer = chain.length ? chain[chain.length - 1] : undefined;
  // A method's call sites also give the constructor's arguments (`new C(...).method(...)`), so the
  // method decides where to look; a constructor alone is looked up by its `new` expressions.
  const fns = [...new Set(params.map((p) => p.fn as t.Function))];
  const first = fns.find((f) => !(f.type === 'ClassMethod' && f.kind === 'constructor')) ?? fns[0];
  if (!first || chain.length >= MAX_LEVELS) {
    if (outer) out.push({ decl, at: { ctx: outer.ctx, absolute: outer.absolute } });
    return;
  }
  const where = outer ?? { ctx: home.ctx, absolute: home.absolute };
  // Unit tests call a service's helpers with mocks and sample values: outside them, those calls do not count.
  const sitesOf = (f: t.Function) => {
    // A function calling itself again (a reconnect's retry, `() => this.consume(queue, options)`) passes on what its
    // own callers gave it: not a caller of its own.
    const all = callSitesOf(f, where.ctx, where.absolute, project).filter((s) => !isInside(s, f));
    return usesTestDoubles(where.ctx.file) ? all : all.filter((s) => !usesTestDoubles(s.ctx.file));
  };
  // A method of the object a factory returns (`start(name)` of `createConsumer(conn, opts)`'s result): its calls
  // (`transport.consumer.start(q)`) cannot give the factory's arguments, the factory's calls can. The factory's
  // calls decide first; the method's parameters stay unknown there. Otherwise, a function nobody calls yields to
  // another whose calls the project has.
  const factory = fns.find((f) => f !== first && returnsObjectWithMethod(where.ctx, f, first));
  let fn = factory ?? first;
  let called = sitesOf(fn);
  for (const other of fns) {
    if (called.length || other === fn) continue;
    const found = sitesOf(other);
    if (found.length) [fn, called] = [other, found];
  }
  // A command line runs the function (commander's `.action(fn)`, or a handler passing its options on as they are):
  // read with the flags' defaults, reported where the chain is (no call of the project's writes those values).
  const runs = fns.length === 1 ? commandLineRuns(fn, where, called, params, project) : [];
  const sites = called.filter((s) => !runs.some((r) => r.forwarded === s));
  for (const run of runs) {
    const top = { ctx: run.handler.ctx, binding: { fn: run.handler.fn, args: [], given: run.handler.given } };
    const resolver = resolverFor(home.ctx.resolver, run.forwarded ? [...chain, { ...run.forwarded, fn }] : chain, fns, top);
    out.push({ decl: { ...decl, ...(decl.rebuild as (ctx: object) => S)({ ...home.ctx, resolver }), ...placement(decl), rebuild: decl.rebuild }, at: outer ? { ctx: outer.ctx, absolute: outer.absolute } : home });
  }
  if (sites.length === 0 && runs.length) return;
  if (sites.length === 0) {
    // No caller in the project, and the function is the module's API: judged for a caller that passes nothing.
    const library = outer ? chainedLibraryReading(decl, home, chain) : libraryDefaultsReading(decl, home.ctx);
    if (library) out.push({ decl: library, at: outer ? { ctx: outer.ctx, absolute: outer.absolute } : home });
    else if (outer) out.push({ decl, at: { ctx: outer.ctx, absolute: outer.absolute } });
    else if (fns.length === 1 && params.some((p) => hasDefault(fn, p.index))) {
      // No caller in the project: the parameters with a default take it (the others stay unknown).
      const resolver = home.ctx.resolver.withCallSite({ fn, args: [], caller: home.ctx.resolver, defaultsOnly: true });
      out.push({ decl: { ...(decl.rebuild as (ctx: object) => S)({ ...home.ctx, resolver }), rebuild: decl.rebuild }, at: home });
    }
    return;
  }
  // A package of the repository whose function only other packages call (its examples, apps): its own users may
  // call it otherwise, so it is judged as written too, for a caller that passes nothing where it is the module's API.
  // So is a library's exported function: its users outside the repository call it too.
  if (!chain.length && sites.length) {
    const library = libraryDefaultsReading(decl, home.ctx);
    if (sites.every((s) => packageDirOf(project, s.absolute) !== packageDirOf(project, home.absolute))) out.push({ decl: library ?? decl, at: home });
    // Not when the package's entry does not export it: its only callers are the package's own, read above.
    else if (library && packageRoleOf(home.ctx)?.library && isPackageApi(home.ctx, libraryCall(home.ctx, decl.at)!.binding.fn) !== false) out.push({ decl: library, at: home });
  }
  for (const site of sites) {
    const next: Link[] = [...chain, { ...site, fn }];
    const resolver = resolverFor(home.ctx.resolver, next, fns);
    const rebuilt = (decl.rebuild as (ctx: object) => S)({ ...home.ctx, resolver });
    const shown = calledName(where.ctx, fn);
    const inst: S = {
      ...rebuilt,
      id: `${decl.id ?? decl.kind}@${site.ctx.file.path}:${site.call.start}`,
      site: decl.site ?? `${site.ctx.file.path}:${site.call.start}`,
      ...(decl.kind !== 'queue-declaration' && (decl.siteOn ?? receiverOf(site)) ? { siteOn: decl.siteOn ?? receiverOf(site) } : {}),
      at: site.ctx.file.span(site.call),
      statementStart: site.ctx.file.statementOf(site.call).start ?? 0,
      callee: shown,
      via: decl.via ? { ...decl.via, callee: shown } : { callee: shown, declaredAt: decl.at, declaredStatement: decl.statementStart },
      ...(decl.kind === 'queue-declaration' ? { rewriteBlocked: blocked(home.ctx, fn, decl) } : {}),
      ...(decl.kind !== 'queue-declaration' ? callerChannelOf(decl, fn, where.ctx, site, project) : {}),
      rebuild: decl.rebuild,
    };
    if (paramsOf(inst).length && chain.length + 1 < MAX_LEVELS) expand(inst, home, next, project, out);
    else out.push({ decl: inst, at: { ctx: site.ctx, absolute: site.absolute } });
  }
}

/** Whether the call site lies inside `fn` itself. */
function isInside(site: CallSite, fn: t.Function): boolean {
  for (const a of site.ctx.file.ancestors(site.call)) if (a === fn) return true;
  return false;
}

/** A method call's receiver, as written, in the function the call is in (`src/a.ts:120:adapter`); undefined for a plain call. */
function receiverOf(site: CallSite): string | undefined {
  const callee = site.call.callee;
  if (site.call.type === 'NewExpression' || (callee.type !== 'MemberExpression' && callee.type !== 'OptionalMemberExpression')) return undefined;
  const fn = [...site.ctx.file.ancestors(site.call)].find(isFunction);
  return `${site.ctx.file.path}:${fn?.start ?? -1}:${site.ctx.file.source(callee.object).replace(/\s+/g, '')}`;
}

/** `method` is a method of an object literal that `factory` returns (`return { async start(q) {...} }`). */
function returnsObjectWithMethod(ctx: FileContext, factory: t.Function, method: t.Function): boolean {
  const holder = method.type === 'ObjectMethod' ? ctx.file.parentOf(method) : ctx.file.parentOf(ctx.file.parentOf(method) ?? method);
  if (holder?.type !== 'ObjectExpression') return false;
  const parent = ctx.file.parentOf(holder);
  if (parent?.type !== 'ReturnStatement' && !(parent === factory.body)) return false;
  for (const a of ctx.file.ancestors(holder)) if (isFunction(a)) return a === factory;
  return false;
}

/** Where an instance is reported: kept from the subject it is read again from. */
function placement(decl: Expandable): Partial<Expandable> {
  const { id, site, at, statementStart, callee, via } = decl;
  return { id, site, at, statementStart, callee, via, ...(decl.kind === 'queue-declaration' ? { rewriteBlocked: decl.rewriteBlocked } : {}) };
}

/** A command line's run of `fn`: commander calls `handler` (fn itself, or the function of `forwarded`, a call of fn passing the options on). */
interface CommandLineRun {
  handler: { fn: t.Function; given: Value[]; ctx: FileContext };
  forwarded?: CallSite;
}

function commandLineRuns(fn: t.Function, where: Located, sites: CallSite[], params: ParamOrigin[], project: Project): CommandLineRun[] {
  const direct = commandLineCallsOf(fn, where.ctx, where.absolute, project).map((c) => ({ handler: { fn, given: c.call.given, ctx: where.ctx } }));
  const forwarded: CommandLineRun[] = [];
  for (const site of sites) {
    const handler = [...site.ctx.file.ancestors(site.call)].find(isFunction);
    // Each parameter the subject reads is one of the handler's own, passed on as it is (`(name, opts) => run(name, opts)`).
    if (!handler || !params.every((p) => p.fn !== fn || passesOptions(site, p.index, handler))) continue;
    const run = commandLineCallsOf(handler, site.ctx, site.absolute, project)[0];
    if (run && params.some((p) => p.fn === fn && passesOptions(site, p.index, handler, run.call.optionsIndex))) forwarded.push({ handler: { fn: handler, given: run.call.given, ctx: site.ctx }, forwarded: site });
  }
  return [...direct, ...forwarded];
}

/** Whether the call's argument at `index` is the enclosing handler's own parameter (at `optionsIndex`, if given), passed on unchanged. */
function passesOptions(site: CallSite, index: number, handler: t.Function, optionsIndex?: number): boolean {
  const arg = site.call.arguments[index];
  if (arg?.type !== 'Identifier') return false;
  const b = site.ctx.resolver.scopes.lookup(arg.name, arg);
  return b?.kind === 'param' && b.fn === handler && !b.path.length && (optionsIndex === undefined || b.paramIndex === optionsIndex) && !site.ctx.resolver.scopes.isReassigned(arg.name);
}

/**
 * An instance read at the calls of `chain`, whose outermost call nothing in the project leads to: when the function
 * around that call is its module's API, read for a caller of it that passes nothing.
 */
function chainedLibraryReading<S extends Expandable>(decl: S, home: Located, chain: Link[]): S | undefined {
  const last = chain[chain.length - 1];
  const call = decl.rebuild ? libraryCall(last.ctx, last.ctx.file.span(last.call)) : undefined;
  if (!call) return undefined;
  return readAsLibrary(decl, home.ctx, resolverFor(home.ctx.resolver, chain, [chain[0].fn], { ctx: last.ctx, binding: call.binding }), call.entry);
}

/**
 * The declaration's resolver for one chain of calls: the innermost function's parameters take the
 * first call's arguments, which are read in their caller with the next call's arguments, and so on;
 * the outermost function, when a library calls it (`top`), takes the values the library passes, or nothing at all
 * (library mode).
 */
function resolverFor(base: ValueResolver, chain: Link[], innermost: t.Function[], top?: { ctx: FileContext; binding: Omit<CallSiteBinding, 'caller'> }): ValueResolver {
  const outermost = top ? top.ctx.resolver : chain[chain.length - 1].ctx.resolver;
  const library = top && outermost.withCallSite({ ...top.binding, caller: outermost });
  if (!chain.length) return library!;
  let caller: ValueResolver = library ?? outermost;
  for (let i = chain.length - 1; i >= 1; i--) {
    caller = chain[i - 1].ctx.resolver.withCallSite({ fn: chain[i].fn, args: argsOf(chain[i]), caller, also: constructorArgs(chain[i]) });
  }
  const also = [...constructorArgs(chain[0]), ...innermost.filter((f) => f !== chain[0].fn && !isConstructorOf(f, chain[0])).map((f) => ({ fn: f, args: [] }))];
  return base.withCallSite({ fn: chain[0].fn, args: argsOf(chain[0]), caller, also: also.filter((a) => a.args.length) });
}

/**
 * A consumer's or prefetch's channel that is a parameter of the function it is in (`consumeOrders(ch)`),
 * which the object tracker keys `param:<function>:<index>` (callers disagree) or `param:<parameter>` (typed):
 * each call passes its own channel, so the subject is read per call site even if nothing else is a parameter.
 */
function channelParamOf(subject: Expandable, ctx: FileContext): ParamOrigin | undefined {
  if (subject.kind === 'queue-declaration') return undefined;
  const m = /^param:(.*)#(\d+)(?::(\d+))?$/.exec(subject.channel);
  if (!m || m[1] !== ctx.file.path) return undefined;
  const start = Number(m[2]);
  for (const node of ctx.file.functionsAround(subject.at)) {
    const index = m[3] !== undefined ? (node.start === start ? Number(m[3]) : -1) : node.params.findIndex((p) => paramIdentifier(p)?.start === start);
    const id = index >= 0 ? paramIdentifier(node.params[index]) : undefined;
    if (id) return { fn: node, index, name: id.name };
  }
  return undefined;
}

/** A consumer or prefetch whose channel is a parameter of `fn`: the channel the call passes there (its own prefetch applies). */
function callerChannelOf(c: Consumer | Qos, fn: t.Function, ctx: FileContext, site: CallSite, project: Project): Pick<Consumer, 'callerChannel'> {
  const index = fn.params.findIndex((p, i) => {
    const id = paramIdentifier(p);
    return c.channel === `param:${placeKey(ctx, fn)}:${i}` || (!!id && c.channel === `param:${placeKey(ctx, id)}`);
  });
  const arg = index < 0 ? undefined : site.call.arguments[index];
  if (!arg || arg.type === 'SpreadElement' || arg.type === 'ArgumentPlaceholder') return c.callerChannel ? { callerChannel: c.callerChannel } : {};
  const passed = project.objects.trace(arg as t.Node, site.ctx);
  return passed?.t === 'lib' ? { callerChannel: passed.obj.key } : {};
}

/** For a method called on `new C(...)`: C's constructor and that construction's arguments. */
function constructorArgs(link: Link): { fn: t.Function; args: (t.Node | undefined)[] }[] {
  if (!link.construction) return [];
  const cls = [...link.ctx.file.ancestors(link.fn)].find((a) => a.type === 'ClassDeclaration') as t.ClassDeclaration | undefined;
  const owner = cls ?? findClass(link);
  const ctor = owner?.body.body.find((m): m is t.ClassMethod => m.type === 'ClassMethod' && m.kind === 'constructor');
  return ctor ? [{ fn: ctor, args: link.construction.arguments.map((a) => (a.type === 'SpreadElement' || a.type === 'ArgumentPlaceholder' ? undefined : (a as t.Node))) }] : [];
}

function findClass(link: Link): t.ClassDeclaration | undefined {
  const v = link.ctx.resolver.resolve(link.construction!.callee as t.Node);
  return v.kind === 'class' ? v.node : undefined;
}

function isConstructorOf(f: t.Function, link: Link): boolean {
  return !!link.construction && f.type === 'ClassMethod' && f.kind === 'constructor';
}

/** Whether the function's parameter at `index` has a default value (`options = {}`). */
function hasDefault(fn: t.Function, index: number): boolean {
  return fn.params[index]?.type === 'AssignmentPattern';
}

function argsOf(site: CallSite): (t.Node | undefined)[] {
  return site.call.arguments.map((a) => (a.type === 'SpreadElement' || a.type === 'ArgumentPlaceholder' ? undefined : (a as t.Node)));
}

/** A parameter that also feeds other code than the declaration: changing the argument would change that too. */
function blocked(ctx: FileContext, fn: t.Function, decl: QueueDeclaration): string | undefined {
  const names = fn.params.map((p) => (p.type === 'Identifier' ? p.name : p.type === 'AssignmentPattern' && p.left.type === 'Identifier' ? p.left.name : undefined));
  // Only parameters a rewrite could change: flags and x-arguments (a rewrite never renames a queue).
  const editable: Resolved<unknown>[] = [decl.durable, decl.exclusive, decl.autoDelete, ...decl.arguments.map((a) => a.value)];
  const used = new Set(editable.flatMap((r) => (r.kind === 'unknown' && r.param ? [r.param.name] : [])));
  for (const name of names) {
    if (!name || !used.has(name)) continue;
    let uses = 0;
    for (const n of ctx.file.nodesUnder(fn.body)) {
      if (n.type !== 'Identifier' || n.name !== name) continue;
      if (n.start! >= decl.at.start && n.end! <= decl.at.end) continue;
      const b = ctx.resolver.scopes.lookup(name, n);
      if (b?.fn === fn) uses++;
    }
    if (uses > 0) return `the parameter \`${name}\` of ${functionName(fn)} is also used for other things, so changing the argument would change them too`;
  }
  return undefined;
}
