// What bounds a loop that publishes: one request's payload, a list the code writes out, a page of a query, or
// nothing (a `while (true)`, a stream or a cursor read item by item, a queue drained): PublishPacing.bound.
import type * as t from '@babel/types';
import { calleeMethod, isCall, isFunction, unwrap, type Node } from '../../parse/ast';
import type { LoopBound } from '../../model';
import type { FileContext } from '../../resolve/file-context';
import { handlerKindOf, ITERATION_METHODS } from './handler-kinds';

/** How many items a loop may have that the code writes out before it counts as bounded. */
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

const text = (ctx: FileContext, node: Node): string => ctx.file.source(node).replace(/\s+/g, ' ');
const short = (s: string): string => (s.length > 60 ? `${s.slice(0, 59)}…` : s);

/**
 * The bound of `loop` (a loop statement, or the call whose callback runs per item: `rows.forEach(...)`): unbounded if
 * it or any loop around it in its function is; else what its own items say.
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
          return bound.value <= FEW_ITEMS ? { kind: 'bounded', by: 'fixed', what: `a count up to ${bound.value}` } : { kind: 'unknown', what: `a count up to ${bound.value}` };
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

/** What the items a loop goes over are: written out, a request's payload, a page of a query, a stream, or not known. */
function items(ctx: FileContext, expr: Node): LoopBound {
  const written = short(text(ctx, expr));
  const value = ctx.resolver.resolve(expr);
  if (value.kind === 'array') {
    return value.items.length <= FEW_ITEMS ? { kind: 'bounded', by: 'fixed', what: `the ${value.items.length} items the code writes out (${written})` } : { kind: 'unknown', what: `${value.items.length} items (${written})` };
  }
  for (const origin of origins(ctx, expr)) {
    if (origin.requestParam || REQUEST_PAYLOAD.test(origin.text)) return { kind: 'bounded', by: 'request', what: `one request's payload (${written}${origin.text !== written ? `, from ${short(origin.text)}` : ''})` };
    if (STREAM.test(origin.text)) return { kind: 'unbounded', what: `a stream or cursor (${written}${origin.text !== written ? `, from ${short(origin.text)}` : ''})` };
    if (PAGE.test(origin.text)) return { kind: 'bounded', by: 'page', what: `one page of a query (${written}, from ${short(origin.text)})` };
  }
  const param = paramOf(ctx, expr);
  return { kind: 'unknown', what: param ? `${written}, a parameter of ${param}, whose size the code does not bound` : `${written}, whose size the code does not bound,` };
}

/**
 * Where the items come from, as written: the expression, then what its root variable is initialised with, a few
 * steps back (`const { commits } = req.body`, `const rows = await db.query('... LIMIT 100')`). `requestParam`: the
 * root is a parameter of a request handler (`@Body() dto`, `(req, res) => ...`'s first parameter).
 */
function origins(ctx: FileContext, expr: Node): { text: string; requestParam?: true }[] {
  const out: { text: string; requestParam?: true }[] = [];
  let node: Node | undefined = expr;
  for (let i = 0; node && i < 4; i++) {
    out.push({ text: text(ctx, node) });
    const root = rootIdentifier(node);
    if (!root) break;
    const b = ctx.resolver.scopes.lookup(root.name, root);
    if (!b) break;
    if (b.kind === 'param') {
      if (b.fn && isRequestHandler(ctx, b.fn, b.paramIndex ?? 0)) out.push({ text: text(ctx, node), requestParam: true });
      break;
    }
    node = b.init ? (b.init as Node) : undefined;
  }
  return out;
}

function rootIdentifier(node: Node): t.Identifier | undefined {
  let n = unwrap(node);
  for (;;) {
    if (n.type === 'Identifier') return n;
    if (n.type === 'MemberExpression' || n.type === 'OptionalMemberExpression') n = unwrap(n.object as Node);
    else if ((n.type === 'CallExpression' || n.type === 'OptionalCallExpression') && (n.callee.type === 'MemberExpression' || n.callee.type === 'OptionalMemberExpression')) n = unwrap(n.callee.object as Node);
    else return undefined;
  }
}

/** A parameter of an HTTP, GraphQL or RPC handler that carries the request: a NestJS `@Body()`/`@Payload()` one, or a route callback's first. */
function isRequestHandler(ctx: FileContext, fn: t.Function, index: number): boolean {
  const param = fn.params[index] as t.Identifier | undefined;
  const decorated = (param as { decorators?: t.Decorator[] } | undefined)?.decorators?.some((d) => /^(?:Body|Payload|Query|Args)\b/.test(text(ctx, d.expression as Node)));
  if (decorated) return true;
  const kind = handlerKindOf(ctx.file, fn);
  return !!kind && /HTTP|GraphQL|RPC|request/.test(kind) && (index === 0 || fn.type === 'ClassMethod');
}

function paramOf(ctx: FileContext, expr: Node): string | undefined {
  const root = rootIdentifier(expr);
  const b = root && ctx.resolver.scopes.lookup(root.name, root);
  if (!b || b.kind !== 'param' || !b.fn) return undefined;
  const fn = b.fn;
  const name = 'id' in fn && fn.id ? fn.id.name : fn.type === 'ClassMethod' && fn.key.type === 'Identifier' ? fn.key.name : undefined;
  return name ? `${name}()` : 'its function';
}
