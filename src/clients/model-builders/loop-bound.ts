// What bounds a loop that publishes: one request's, message's or event's payload, a list the code writes out, a page
// of a query, or nothing (a `while (true)`, a stream or a cursor read item by item, a queue drained): PublishPacing.bound.
import type * as t from '@babel/types';
import { calleeMethod, isCall, isFunction, unwrap, type Node } from '../../parse/ast';
import type { LoopBound } from '../../model';
import type { FileContext } from '../../resolve/file-context';
import { eventListened, handlerKindOf, ITERATION_METHODS } from './handler-kinds';

/** How many items a loop may have that the code writes out before it counts as many. */
export const FEW_ITEMS = 1000;

const LOOPS = new Set(['ForStatement', 'ForInStatement', 'ForOfStatement', 'WhileStatement', 'DoWhileStatement']);
/** A request's payload as handlers name it: `req.body.commits`, `ctx.request.body`, `event.body`, `@Body() dto`. */
const REQUEST_PAYLOAD = /\b(?:req|request|ctx\.request|event)\??\.(?:body|query|params|payload)\b/;
/** A query that asks for one page: `LIMIT 100`, `{ take: 50 }`, `.limit(100)`, `first: 20`, `pageSize`. */
const PAGE = /\bLIMIT\s+(?:\d+|\$\d+|\?|:\w+)|\b(?:take|limit|first|pageSize|perPage|page_size|per_page)\s*[:(=]|\.limit\(/i;
/** Something read item by item until it ends: a stream, a cursor, a reader. */
const STREAM = /\.(?:stream|cursor|iterate|readStream)\(|\bcursor\b|createReadStream|createInterface|\.pipe\(/i;
/** A loop test that drains a queue or walks a cursor: `while (queue.length)`, `while (await cursor.hasNext())`, `(job = jobs.shift())`. */
const DRAIN_TEST = /\.(?:length|size)\b|\.(?:shift|pop|next|hasNext|dequeue|read|get)\(/;
/** Built-in objects whose functions compute a value from their arguments (`JSON.parse(msg.content)`, `Object.values(body)`). */
const BUILT_INS = new Set(['JSON', 'Object', 'Array', 'Buffer', 'String', 'Promise']);
/** How many expressions the search for where the items come from reads. */
const MAX_ORIGINS = 8;

const text = (ctx: FileContext, node: Node): string => ctx.file.source(node).replace(/\s+/g, ' ');
const short = (s: string): string => (s.length > 60 ? `${s.slice(0, 59)}…` : s);

/**
 * The bound of `loop` (a loop statement, or the call whose callback runs per item: `rows.forEach(...)`): unbounded if
 * it or any loop around it in its function is; else what its own items say, or, for items taken from an item of an
 * outer loop (`for (const tx of block.txs)` inside `for (const block of blocks)`), what the outer loop's say.
 */
export function loopBound(ctx: FileContext, loop: Node): LoopBound {
  let own: LoopBound | undefined;
  for (const l of [loop, ...outerLoops(ctx, loop)]) {
    const b = oneLoop(ctx, l);
    if (b.kind === 'unbounded') return l === loop ? b : { ...b, what: `${b.what}, around the loop that publishes` };
    own ??= b;
  }
  return own!;
}

/** The loops around `loop` in the same function, innermost first. */
function outerLoops(ctx: FileContext, loop: Node): Node[] {
  const out: Node[] = [];
  let child = loop;
  for (const a of ctx.file.ancestors(loop)) {
    if (isFunction(a)) break;
    if (LOOPS.has(a.type) && (a as t.ForStatement).body === child) out.push(a);
    child = a;
  }
  return out;
}

function oneLoop(ctx: FileContext, loop: Node): LoopBound {
  switch (loop.type) {
    case 'WhileStatement':
    case 'DoWhileStatement': {
      const test = unwrap((loop as t.WhileStatement).test as Node);
      if (isAlwaysTrue(test)) return { kind: 'unbounded', what: `nothing that ends it (\`while (${text(ctx, test)})\` runs until something stops it)` };
      const written = text(ctx, test);
      if (DRAIN_TEST.test(written) || STREAM.test(written)) return { kind: 'unbounded', what: `a queue it drains or a cursor it walks (\`while (${short(written)})\`)` };
      return { kind: 'unknown', what: `whatever keeps \`${short(written)}\` true` };
    }
    case 'ForStatement': {
      const test = (loop as t.ForStatement).test;
      if (!test || isAlwaysTrue(unwrap(test as Node))) return { kind: 'unbounded', what: 'nothing that ends it (`for (;;)` runs until something stops it)' };
      if (test.type === 'BinaryExpression' && (test.operator === '<' || test.operator === '<=')) {
        const right = test.right as Node;
        const bound = ctx.resolver.resolve(right);
        if (bound.kind === 'literal' && typeof bound.value === 'number') {
          return bound.value <= FEW_ITEMS ? { kind: 'bounded', by: 'fixed', what: `a count up to ${bound.value}`, count: bound.value } : { kind: 'many', what: `a count up to ${bound.value} the code writes out`, count: bound.value };
        }
        const r = unwrap(right);
        if (r.type === 'MemberExpression' && !r.computed && r.property.type === 'Identifier' && r.property.name === 'length') return items(ctx, r.object as Node);
      }
      return { kind: 'unknown', what: `whatever keeps \`${short(text(ctx, test as Node))}\` true` };
    }
    case 'ForOfStatement': {
      const of = loop as t.ForOfStatement;
      if (of.await) return { kind: 'unbounded', what: `a stream or cursor read item by item (\`for await (… of ${short(text(ctx, of.right as Node))})\`)` };
      return items(ctx, of.right as Node);
    }
    case 'ForInStatement':
      return items(ctx, (loop as t.ForInStatement).right as Node);
    default: {
      // `rows.forEach(...)`, `rows.map(...)`: the array the method is called on.
      const m = isCall(loop) ? calleeMethod(loop) : undefined;
      if (m && ITERATION_METHODS.has(m.method)) return items(ctx, m.object);
      return { kind: 'unknown', what: 'items whose number is not known here' };
    }
  }
}

const isAlwaysTrue = (test: Node): boolean => (test.type === 'BooleanLiteral' && test.value) || (test.type === 'NumericLiteral' && test.value !== 0);

/** What the items a loop goes over are: written out, a payload, a page of a query, a stream, or not known. */
function items(ctx: FileContext, expr: Node): LoopBound {
  const written = short(text(ctx, expr));
  const value = ctx.resolver.resolve(expr);
  if (value.kind === 'array') {
    const count = value.items.length;
    return count <= FEW_ITEMS ? { kind: 'bounded', by: 'fixed', what: `the ${count} items the code writes out (${written})`, count } : { kind: 'many', what: `the ${count} items the code writes out (${written})`, count };
  }
  const from = (origin: Origin) => `${written}${origin.text !== written ? `, from ${short(origin.text)}` : ''}`;
  for (const origin of origins(ctx, expr)) {
    if (origin.payload) return { kind: 'bounded', by: 'payload', what: `${origin.payload} (${from(origin)})` };
    if (REQUEST_PAYLOAD.test(origin.text)) return { kind: 'bounded', by: 'payload', what: `one request's payload (${from(origin)})` };
    if (STREAM.test(origin.text)) return { kind: 'unbounded', what: `a stream or cursor (${from(origin)})` };
    if (PAGE.test(origin.text)) return { kind: 'bounded', by: 'page', what: `one page of a query (${written}, from ${short(origin.text)})` };
  }
  const param = paramOf(ctx, expr);
  return param ? { kind: 'unknown', what: `${written}, a parameter of ${param}, whose size the code does not show`, parameter: param } : { kind: 'unknown', what: `${written}, whose size the code does not show` };
}

/** An expression the items are computed from; `payload`: it is the payload of one request, message or event, said in words. */
interface Origin {
  text: string;
  payload?: string;
}

/**
 * Where the items come from, as written: the expression, then what it is computed from, a few steps back: the
 * initialiser of its root variable (`const { commits } = req.body`, `const rows = await db.query('... LIMIT 100')`),
 * the list an outer loop's item comes from (`for (const tx of item.txs)` inside `for (const item of filtered)`), and
 * the arguments of a function of the project or of a built-in applied to it (`await filterByAccount(block.txs)`,
 * `JSON.parse(msg.content)`): a method called on an object (`db.query(sql, [id])`) is what the object gives, not its
 * arguments. A root that is a parameter of a request, consume or event handler is that one payload.
 */
function origins(ctx: FileContext, expr: Node): Origin[] {
  const out: Origin[] = [];
  const queue: Node[] = [expr];
  const seen = new Set<Node>();
  while (queue.length && out.length < MAX_ORIGINS) {
    const node = unwrap(queue.shift()!);
    if (seen.has(node)) continue;
    seen.add(node);
    out.push({ text: text(ctx, node) });
    for (const root of roots(node)) {
      const b = ctx.resolver.scopes.lookup(root.name, root);
      if (!b) continue;
      if (b.kind === 'param') {
        const payload = b.fn ? payloadOf(ctx, b.fn, b.paramIndex ?? 0) : undefined;
        if (payload) out.push({ text: text(ctx, node), payload });
        // An item of an array method's callback (`rows.forEach((row) => ...)`): the array.
        const call = b.fn && ctx.file.parentOf(b.fn);
        const m = call && isCall(call) && (call.arguments as Node[]).includes(b.fn!) ? calleeMethod(call) : undefined;
        if (m && ITERATION_METHODS.has(m.method) && b.paramIndex === 0) queue.push(m.object);
        continue;
      }
      const loop = loopOfVariable(ctx, b.declaration);
      if (loop) queue.push(loop);
      else if (b.init) queue.push(b.init as Node);
    }
  }
  return out;
}

/** The identifiers a value is computed from: the root of a member chain, the elements of an array, the object a method is called on, the arguments of a plain or built-in function. */
function roots(node: Node): t.Identifier[] {
  let n = unwrap(node);
  while (n.type === 'MemberExpression' || n.type === 'OptionalMemberExpression') n = unwrap(n.object as Node);
  if (n.type === 'Identifier') return [n];
  // `[tx]`, `[...a, ...b]`: what the elements are.
  if (n.type === 'ArrayExpression') return n.elements.slice(0, 3).flatMap((e) => (!e ? [] : roots(e.type === 'SpreadElement' ? (e.argument as Node) : (e as Node))));
  if (!isCall(n)) return [];
  const callee = unwrap(n.callee as Node);
  if (callee.type === 'MemberExpression' || callee.type === 'OptionalMemberExpression') {
    const owner = roots(callee.object as Node);
    if (!(owner.length === 1 && BUILT_INS.has(owner[0].name))) return owner;
  }
  return (n.arguments as Node[]).slice(0, 3).flatMap((a) => (a.type === 'SpreadElement' ? [] : roots(a)));
}

/** For a loop variable (`for (const item of list)`), the list. */
function loopOfVariable(ctx: FileContext, declaration: Node): Node | undefined {
  const list = ctx.file.parentOf(declaration);
  const loop = list && ctx.file.parentOf(list);
  return loop && (loop.type === 'ForOfStatement' || loop.type === 'ForInStatement') && loop.left === list ? (loop.right as Node) : undefined;
}

/**
 * The payload a handler's parameter carries: a NestJS `@Body()`/`@Payload()` one, the first parameter of a route,
 * consume or RPC handler, or of a listener of an emitter's event (`sync.on('block', onBlock)`): one request's,
 * message's or event's.
 */
function payloadOf(ctx: FileContext, fn: t.Function, index: number): string | undefined {
  const param = fn.params[index] as t.Identifier | undefined;
  const decorated = (param as { decorators?: t.Decorator[] } | undefined)?.decorators?.some((d) => /^(?:Body|Payload|Query|Args)\b/.test(text(ctx, d.expression as Node)));
  if (decorated) return "one request's payload";
  const kind = handlerKindOf(ctx.file, fn);
  if (kind && (index === 0 || fn.type === 'ClassMethod')) return /HTTP|GraphQL|request/.test(kind) ? "one request's payload" : "one message's payload";
  if (index !== 0) return undefined;
  const event = eventListened(ctx.file, fn, (id) => {
    const b = ctx.resolver.scopes.lookup(id.name, id);
    const decl = b?.declaration;
    return decl === fn || (decl?.type === 'VariableDeclarator' && !!decl.init && unwrap(decl.init as Node) === fn);
  });
  return event ? `one '${event}' event's payload` : undefined;
}

function paramOf(ctx: FileContext, expr: Node): string | undefined {
  const [root] = roots(expr);
  const b = root && ctx.resolver.scopes.lookup(root.name, root);
  if (!b || b.kind !== 'param' || !b.fn) return undefined;
  const fn = b.fn;
  const name = 'id' in fn && fn.id ? fn.id.name : fn.type === 'ClassMethod' && fn.key.type === 'Identifier' ? fn.key.name : undefined;
  return name ? `${name}()` : 'its function';
}
