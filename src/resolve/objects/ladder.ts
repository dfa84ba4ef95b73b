// The recognition ladder's second rung, one piece of code for every client: a method call whose receiver the tracker
// cannot follow is taken as a client's when its method and argument kinds fit that client's API (declared as data,
// `ObjectShape.api`), in a module that imports the client or is connected by imports to one that does (or on a
// receiver that also gets calls only that client has), and the receiver is not another package's object.
import type * as t from '@babel/types';
import { calleeMethod, isFunction, memberName, propertyKeyName, unwrap, type Node } from '../../parse/ast';
import type { ApiShape, FileContext, LibObject, ObjectShape, ObjectTracking } from '../contracts';
import { fitsShape, plainArguments, shownKind } from './api-fit';
import { originPackage } from './receiver-origin';
import { placeKey } from './traced';

type CallNode = t.CallExpression | t.OptionalCallExpression;

/** One client's shape that fits a call, before the evidence is weighed. */
interface Fit {
  shape: ObjectShape;
  api: ApiShape;
}

export class Ladder {
  /** Every method some client's API has, and those whose call makes an object the tracker then follows. */
  private readonly methods = new Set<string>();
  private readonly making = new Set<string>();
  private readonly memo = new Map<Node, readonly LibObject[]>();
  private readonly onlyCounts = new Map<string, Map<string, number>>();

  constructor(private readonly tracker: ObjectTracking) {
    for (const s of tracker.shapes) {
      for (const a of s.api?.shapes ?? []) {
        this.methods.add(a.method);
        if (a.makes === 'object' || a.gives) this.making.add(a.method);
      }
    }
  }

  /** Whether a call of `method` can make an object on an inferred receiver (cheap: for the tracker's own calls). */
  makesObject(method: string): boolean {
    return this.making.has(method);
  }

  /** Rung b for one call: the inferred receivers, one per client whose API the call fits and whose use the code shows. */
  inferred(call: CallNode, ctx: FileContext): readonly LibObject[] {
    const known = this.memo.get(call);
    if (known) return known;
    this.memo.set(call, NONE);
    const found = this.infer(call, ctx);
    this.memo.set(call, found);
    return found;
  }

  private infer(call: CallNode, ctx: FileContext): readonly LibObject[] {
    // Cheapest first: most calls have no method of any client's API (one Set lookup).
    const m = calleeMethod(call);
    if (!m || !this.methods.has(m.method)) return NONE;
    const args = plainArguments(call);
    const project = this.tracker.project;
    if (!args || !project) return NONE;
    const fits: Fit[] = [];
    for (const shape of this.tracker.shapes) {
      const api = shape.api?.shapes.find((a) => a.method === m.method && fitsShape(a, args));
      if (api) fits.push({ shape, api });
    }
    if (!fits.length || !this.untraceable(m.object, m.method, ctx) || fromMixinBase(ctx, m.object)) return NONE;
    // Another package's object (bull's queue, a kafkajs consumer) is never a client's, whatever its calls look like. A
    // package that speaks AMQP may hand out a client's objects (amqplib-plus's channels are amqplib's), but what its own
    // objects make is its own (its connection's createChannel() makes confirm channels): no object is inferred from them.
    const made = originPackage(m.object, ctx);
    if (made !== undefined && fits.some((f) => f.api.makes === 'object') && !this.tracker.shapes.some((sh) => sh.source.test(made))) return NONE;
    const origin = this.foreignPackage(m.object, ctx);
    const receiverText = ctx.file.source(m.object).replace(/\s+/g, '');
    const key = inferredKey(ctx, m.object, receiverText);
    const weighed = fits
      .filter(({ shape }) => origin === undefined || shape.source.test(origin))
      .map((fit) => ({ ...fit, evidence: this.usedHere(ctx, fit.shape) ?? this.onlyCalls(ctx, fit.shape, fit.api, key) }));
    // The receiver's calls only a client has are evidence where the code shows no client's use at all (a library
    // handed its channel): where some client's use shows, they do not make another client a candidate.
    const someShown = weighed.some((w) => w.evidence?.shown);
    const shown = receiverText.length > 40 ? `${receiverText.slice(0, 39)}…` : receiverText;
    const kinds = args.map(shownKind).join(', ');
    const out: LibObject[] = [];
    for (const { shape, api, evidence: found } of weighed) {
      if (!found || (someShown && !found.shown)) continue;
      const evidence = found.why;
      out.push({
        library: shape.library,
        kind: api.receiver,
        key,
        origin: { node: m.object, ctx },
        facts: shape.api!.facts?.(api.receiver) ?? {},
        inferred: `the receiver \`${shown}\` is not traced; it is taken for ${shape.library}'s ${api.receiver} from the call's shape (${m.method}(${kinds}) is ${shape.library}'s) and ${evidence}`,
      });
    }
    return out;
  }

  /**
   * The package the receiver is made from, when that is another package than a client's: not one of the project's own
   * (a workspace member, an alias into it), and not one whose name says it speaks AMQP (`amqplib-plus` and the like hand
   * out amqplib's own channels).
   */
  private foreignPackage(receiver: Node, ctx: FileContext): string | undefined {
    const origin = originPackage(receiver, ctx);
    return origin === undefined || AMQP_NAMED.test(origin) || this.ownPackage(origin, ctx) ? undefined : origin;
  }

  /** A bare specifier that leads into the project itself (a workspace member, an alias) or names a client. */
  private ownPackage(specifier: string, ctx: FileContext): boolean {
    if (this.tracker.shapes.some((sh) => sh.source.test(specifier))) return true;
    const absolute = ctx.resolver.absolute;
    return absolute !== undefined && this.tracker.project?.resolveSpecifier(absolute, specifier) !== undefined;
  }

  /** Nothing the tracker knows: not a library object, not a project value (a wrapper's instance, an array, a module). */
  private untraceable(receiver: Node, method: string, ctx: FileContext): boolean {
    const v = this.tracker.trace(receiver, ctx);
    if (!v) return true;
    // A project class's instance that has no such member may inherit it from a class the tracker does not follow.
    return v.t === 'instance' && !this.tracker.memberOf(v, method, ctx, receiver);
  }

  /** Why the code uses this client here, if it shows: the module names it, a module it is connected to does, or (for some clients) the project does. */
  private usedHere(ctx: FileContext, shape: ObjectShape): { why: string; shown: true } | undefined {
    const project = this.tracker.project!;
    const absolute = ctx.resolver.absolute;
    const name = shape.api!.packageName;
    const why = (text: string) => ({ why: text, shown: true as const });
    if (absolute !== undefined) {
      if (project.index.get(absolute)?.facts.packages.includes(shape.library)) return why(`this file's use of '${name}'`);
      if (project.index.librariesAround(absolute).has(shape.library)) return why(`the use of '${name}' by the modules this file is connected to by imports`);
    }
    if (shape.api!.evidence === 'project' && project.packages.has(shape.library)) return why(`the project's use of '${name}'`);
    return undefined;
  }

  /** The receiver's other calls that only this client's objects have (the call itself is no evidence of itself). */
  private onlyCalls(ctx: FileContext, shape: ObjectShape, api: ApiShape, key: string): { why: string; shown?: undefined } | undefined {
    const others = (this.onlyCallsOf(ctx, shape).get(key) ?? 0) - (api.only ? 1 : 0);
    return others > 0 ? { why: `the calls on it that only ${shape.library}'s objects have` } : undefined;
  }

  /** How many calls of the client's `only` methods the file makes on each untraced receiver (by key), read once per file and client. */
  private onlyCallsOf(ctx: FileContext, shape: ObjectShape): Map<string, number> {
    const cacheKey = `${ctx.file.path}\0${shape.library}`;
    let counts = this.onlyCounts.get(cacheKey);
    if (counts) return counts;
    counts = new Map();
    this.onlyCounts.set(cacheKey, counts);
    const only = new Set((shape.api?.shapes ?? []).filter((a) => a.only).map((a) => a.method));
    if (!only.size) return counts;
    for (const node of ctx.file.nodes) {
      const m = (node.type === 'CallExpression' || node.type === 'OptionalCallExpression') && calleeMethod(node);
      if (!m || !only.has(m.method)) continue;
      const key = inferredKey(ctx, m.object, ctx.file.source(m.object).replace(/\s+/g, ''));
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return counts;
  }
}

const NONE: readonly LibObject[] = [];

/** A package whose name says it speaks AMQP or wraps a RabbitMQ client (its objects may be a client's own). */
const AMQP_NAMED = /amqp|rabbit/i;

const INFERRED = 'untraced:';

/** The identity of an inferred receiver: calls on the same receiver text in the same scope share it. */
const inferredKey = (ctx: FileContext, receiver: Node, text: string): string => `${INFERRED}${scopeOf(ctx, receiver)}:${text}`;

/** An object the ladder inferred as the receiver itself (not one made from such a receiver, whose identity is its making call). */
export const isInferredReceiver = (o: LibObject): boolean => !!o.inferred && o.key.startsWith(INFERRED);

/** Calls on the same receiver share an object: a local variable's binding, `this.x` in one class, else one function. */
function scopeOf(ctx: FileContext, receiver: Node): string {
  const root = rootOf(receiver);
  if (root.type === 'Identifier') {
    const b = ctx.resolver.scopes.lookup(root.name, root);
    if (b) return placeKey(ctx, b.id);
  }
  if (root.type === 'ThisExpression') {
    const cls = ctx.file.enclosingClass(receiver);
    if (cls) return placeKey(ctx, cls);
  }
  for (const a of ctx.file.ancestors(receiver)) if (isFunction(a)) return placeKey(ctx, a);
  return `${ctx.file.path}#`;
}

/**
 * A receiver a mixin's class gets from the class it is given to extend (`(base) => class extends base { ... }`):
 * `super`, or what a method it inherits returns (`super.context(...)`, `this.queue(...)` where the class writes no
 * `queue`). That base is the project's own class (a client's object is not extended), so the call is its method.
 */
function fromMixinBase(ctx: FileContext, receiver: Node): boolean {
  const root = rootOf(receiver);
  if (root.type !== 'Super' && root.type !== 'ThisExpression') return false;
  const cls = ctx.file.enclosingClass(receiver);
  const base = cls?.superClass && unwrap(cls.superClass as Node);
  if (base?.type !== 'Identifier' || ctx.resolver.scopes.lookup(base.name, base)?.kind !== 'param') return false;
  if (root.type === 'Super') return true;
  // `this.method(...)`'s result, for a method the class does not write itself.
  let n = unwrap(receiver);
  while ((n.type === 'MemberExpression' || n.type === 'OptionalMemberExpression' || n.type === 'CallExpression') && !isOwnCall(n, root)) n = unwrap(n.type === 'CallExpression' ? (n.callee as Node) : (n.object as Node));
  if (n.type !== 'CallExpression') return false;
  const method = memberName(n.callee as t.MemberExpression);
  return !!method && !cls!.body.body.some((member) => 'key' in member && propertyKeyName(member as t.ClassMethod) === method);
}

/** `this.method(...)`: a call whose callee is a member of `root` itself. */
function isOwnCall(n: Node, root: Node): boolean {
  if (n.type !== 'CallExpression') return false;
  const callee = unwrap(n.callee as Node);
  return (callee.type === 'MemberExpression' || callee.type === 'OptionalMemberExpression') && unwrap(callee.object as Node) === root;
}

function rootOf(node: Node): Node {
  let n = unwrap(node);
  while (n.type === 'MemberExpression' || n.type === 'OptionalMemberExpression' || n.type === 'CallExpression') n = unwrap(n.type === 'CallExpression' ? (n.callee as Node) : (n.object as Node));
  return n;
}

/**
 * Why an object made from an inferred one (a queue a callback of an inferred connection gets, a channel an inferred
 * connection opens) is taken as the client's: where it comes from, then why its root is.
 */
export function derivedNote(parent: string, kind: string, origin: Node, ctx: FileContext): string {
  if (parent.startsWith('the ') && parent.includes(' comes from `')) return parent;
  const at = unwrap(origin);
  const call = at.type === 'CallExpression' || at.type === 'OptionalCallExpression' ? at : undefined;
  const text = call ? `${ctx.file.source(call.callee).replace(/\s+/g, '')}()` : ctx.file.source(at).replace(/\s+/g, '');
  const shown = text.length > 60 ? `${text.slice(0, 58)}…)` : text;
  return `the ${kind} comes from \`${shown}\`, and ${parent}`;
}
