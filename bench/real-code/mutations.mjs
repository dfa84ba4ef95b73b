// The rewrites of mutate.mjs: finds a label's site (a client call, a handler decorator or a config object) with
// @babel/parser and builds the exact text edits that make it refused or unsafe, in the client library's spelling.
import { parse, parseExpression } from '@babel/parser';

/** The mutation kinds: what is written, and the finding the tool must then report in the site's range. */
export const KINDS = {
  transient: { title: '(a) transient non-exclusive: durable: false (exclusive: false if set)', expect: 'transient-nonexclusive-queue' },
  quorumPriority: { title: "(b) arguments 'x-queue-type': 'quorum', 'x-max-priority': 10", expect: 'queue-argument-not-supported' },
  masterLocator: { title: "(c) arguments 'x-queue-master-locator': 'min-masters'", expect: 'deprecated-queue-argument' },
  autoAck: { title: 'auto-ack a safe consumer (noAck: true in its spelling)', expect: 'auto-ack-consumer' },
  unsafeAutoAck: { title: 'auto-ack an unsafe (manual ack, no prefetch) consumer the tool found', expect: 'auto-ack-consumer' },
};
/** The order declaration kinds cycle in. */
export const DECLARATION_KINDS = ['transient', 'quorumPriority', 'masterLocator'];

const DECLARATION_METHODS = new Set(['assertQueue', 'checkQueue', 'declareQueue', 'queueDeclare', 'queue', 'subscribe', 'createConsumer']);
const CONSUME_METHODS = new Set(['consume', 'basicConsume', 'createConsumer', 'subscribe', 'activateConsumer', 'startConsumer']);
const HANDLER_DECORATORS = new Set(['RabbitSubscribe', 'RabbitRPC', 'RabbitHandler']);

class Skip extends Error {}
const skip = (reason) => {
  throw new Skip(reason);
};

// ---------------------------------------------------------------------------------------------
// Parsing

const BASE_OPTIONS = { sourceType: 'unambiguous', errorRecovery: true, allowReturnOutsideFunction: true, allowAwaitOutsideFunction: true, allowImportExportEverywhere: true, allowUndeclaredExports: true };

function pluginSets(file) {
  if (/\.(ts|mts|cts)$/.test(file)) return [['typescript', 'decorators-legacy']];
  if (/\.tsx$/.test(file)) return [['typescript', 'jsx', 'decorators-legacy']];
  return [['jsx', 'decorators-legacy'], ['decorators-legacy']];
}

/** A JSON file (a rascal definitions file) as one expression: `{ program: expression }`, positions as in the text. */
function parseJson(text) {
  const expr = parseExpression(text, { errorRecovery: true });
  return { program: expr, errors: expr.errors ?? [] };
}

/** The file's AST with the plugin set that parses it with the fewest errors (errorRecovery on). */
export function parseFile(text, file) {
  if (/\.json$/i.test(file)) {
    try {
      const ast = parseJson(text);
      return { ast, errors: ast.errors.length, plugins: 'json' };
    } catch (e) {
      return { ast: undefined, errors: Infinity, plugins: 'json', error: e.message };
    }
  }
  let best;
  for (const plugins of pluginSets(file)) {
    try {
      const ast = parse(text, { ...BASE_OPTIONS, plugins });
      const errors = ast.errors?.length ?? 0;
      if (!best || errors < best.errors) best = { ast, errors, plugins };
      if (!errors) break;
    } catch (e) {
      if (!best) best = { ast: undefined, errors: Infinity, plugins, error: e.message };
    }
  }
  return best;
}

/** Parses `text` with the plugins that parsed the original: its error count, or the error that stopped it. */
export function reparse(text, plugins) {
  try {
    if (plugins === 'json') JSON.parse(text);
    const ast = plugins === 'json' ? parseJson(text) : parse(text, { ...BASE_OPTIONS, plugins });
    return { errors: ast.errors?.length ?? 0, first: ast.errors?.[0]?.message };
  } catch (e) {
    return { errors: Infinity, first: e.message };
  }
}

/** Every node of the AST in source order, each with its parent. */
function nodesOf(ast) {
  const out = [];
  const visit = (node, parent) => {
    if (!node || typeof node.type !== 'string') return;
    out.push({ node, parent });
    for (const key of Object.keys(node)) {
      if (key === 'loc' || key === 'extra' || key.endsWith('Comments') || key === 'errors' || key === 'tokens') continue;
      const v = node[key];
      if (Array.isArray(v)) for (const c of v) visit(c, node);
      else if (v && typeof v === 'object' && typeof v.type === 'string') visit(v, node);
    }
  };
  visit(ast.program, undefined);
  return out.sort((a, b) => a.node.start - b.node.start || b.node.end - a.node.end);
}

// ---------------------------------------------------------------------------------------------
// Reading nodes

const isCall = (n) => n?.type === 'CallExpression' || n?.type === 'OptionalCallExpression';
const isFunction = (n) => ['ArrowFunctionExpression', 'FunctionExpression'].includes(unwrap(n)?.type);

function unwrap(n) {
  while (n && ['TSAsExpression', 'TSSatisfiesExpression', 'TSNonNullExpression', 'TSTypeAssertion', 'ParenthesizedExpression'].includes(n.type)) n = n.expression;
  return n;
}

function methodOf(call) {
  const callee = call.callee;
  if (!['MemberExpression', 'OptionalMemberExpression'].includes(callee?.type)) return undefined;
  if (!callee.computed && callee.property.type === 'Identifier') return callee.property.name;
  return callee.property.type === 'StringLiteral' ? callee.property.value : undefined;
}

function keyName(prop) {
  if (prop.computed) return prop.key.type === 'StringLiteral' ? prop.key.value : undefined;
  if (prop.key.type === 'Identifier') return prop.key.name;
  if (prop.key.type === 'StringLiteral' || prop.key.type === 'NumericLiteral') return String(prop.key.value);
  return undefined;
}

/** The last plain `key: value` (or shorthand) property of an object literal with that key. */
function propOf(obj, key) {
  return obj.properties.filter((p) => p.type === 'ObjectProperty' && keyName(p) === key).at(-1);
}

const lineOf = (n) => n.loc.start.line;
/** The line of a call's method name (a chained call starts where its receiver does). */
const callLine = (call) => (['MemberExpression', 'OptionalMemberExpression'].includes(call.callee?.type) ? lineOf(call.callee.property) : lineOf(call));
/** Declaration and consume method names that other code uses too (a config helper's `queue()`, any pub/sub `subscribe()`). */
const WEAK_METHODS = new Set(['queue', 'subscribe', 'createConsumer']);

/**
 * A label's `mutationOptions` (a path, `[]` for the object itself): where a wrapper's own spelling reads the queue's
 * options (amq-rpc's `ensureQueue({ name, ...params })` forwards its own keys to assertQueue, not an `options` key).
 */
function withOptionsPath(site, label) {
  const at = label.mutationOptions;
  if (!Array.isArray(at) || !site.flags) return site;
  return { ...site, flags: { ...site.flags, path: at }, args: { ...site.args, path: [...at, 'arguments'] } };
}
const snippet = (ctx, n) => ctx.text.slice(n.start, n.end).replace(/\s+/g, ' ').slice(0, 60);

/**
 * An expression as the object literal it is: the literal itself, or an identifier bound in this file by a
 * preceding `const/let/var x = {...}` that is never assigned again. Anything else cannot be rewritten here.
 */
function objectLiteral(ctx, expr, what) {
  const n = unwrap(expr);
  if (n?.type === 'ObjectExpression') return n;
  if (n?.type === 'Identifier') {
    const decls = ctx.nodes.filter(({ node }) => node.type === 'VariableDeclarator' && node.id.type === 'Identifier' && node.id.name === n.name && node.start < n.start);
    const decl = decls.at(-1)?.node;
    const init = unwrap(decl?.init);
    if (!decl) skip(`${what} \`${n.name}\` is not a variable initialised in this file (a parameter, an import or a field)`);
    if (init?.type !== 'ObjectExpression') skip(`${what} \`${n.name}\` is initialised with ${init ? `a ${init.type}` : 'nothing'}, not an object literal`);
    const reassigned = ctx.nodes.some(({ node }) => node.type === 'AssignmentExpression' && node.left.type === 'Identifier' && node.left.name === n.name);
    if (reassigned) skip(`${what} \`${n.name}\` is assigned again elsewhere in the file`);
    return init;
  }
  return skip(`${what} are \`${snippet(ctx, expr)}\` (a ${n?.type}), not an object literal`);
}

// ---------------------------------------------------------------------------------------------
// Text edits: setting paths inside an options object

const keyText = (k) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : `'${k}'`);

/** `{ a: 1, b: { c: 2 } }` for assignments [{path: ['a'], value: '1'}, {path: ['b', 'c'], value: '2'}]. */
function literalOf(assigns) {
  const groups = new Map();
  for (const a of assigns) groups.set(a.path[0], [...(groups.get(a.path[0]) ?? []), a]);
  const parts = [...groups].map(([k, items]) => `${keyText(k)}: ${items.length === 1 && items[0].path.length === 1 ? items[0].value : literalOf(items.map((a) => ({ ...a, path: a.path.slice(1) })))}`);
  return `{ ${parts.join(', ')} }`;
}

/**
 * The edits that set every assignment's path inside an object literal: a written value is replaced, a
 * missing key is added after the last property (one edit per object), a nested object is followed
 * (through a same-file variable too). `ifPresent` assignments only replace.
 */
function setInObject(ctx, obj, assigns) {
  const edits = [];
  const added = [];
  const groups = new Map();
  for (const a of assigns) groups.set(a.path[0], [...(groups.get(a.path[0]) ?? []), a]);
  for (const [key, items] of groups) {
    const prop = propOf(obj, key);
    const leaf = items.find((a) => a.path.length === 1);
    const deeper = items.filter((a) => a.path.length > 1).map((a) => ({ ...a, path: a.path.slice(1) }));
    if (prop && leaf) edits.push(prop.shorthand ? { start: prop.start, end: prop.end, text: `${keyText(key)}: ${leaf.value}` } : { start: prop.value.start, end: prop.value.end, text: leaf.value });
    else if (prop && deeper.length) edits.push(...setInObject(ctx, objectLiteral(ctx, prop.value, `\`${key}\``), deeper));
    else if (!prop) {
      const wanted = items.filter((a) => !a.ifPresent);
      if (wanted.length) added.push(literalOf(wanted).slice(2, -2));
    }
  }
  if (added.length) {
    const last = obj.properties.at(-1);
    edits.push(last ? { start: last.end, end: last.end, text: `, ${added.join(', ')}` } : { start: obj.start + 1, end: obj.end - 1, text: ` ${added.join(', ')} ` });
  }
  return edits;
}

/** The object at a path under an object literal, if it is written there (undefined when the path is absent). */
function objectAt(ctx, obj, path) {
  let cur = obj;
  for (const key of path) {
    const prop = cur && propOf(cur, key);
    if (!prop) return undefined;
    cur = objectLiteral(ctx, prop.value, `\`${key}\``);
  }
  return cur;
}

// ---------------------------------------------------------------------------------------------
// Slots: where an options object is (or goes)

/** A call argument that holds (or will hold) an options object. `fill`: what goes into missing earlier arguments. */
const argSlot = (call, index, fill = []) => ({ call, index, fill });
const objectSlot = (node) => ({ node });

function openParen(ctx, call) {
  const after = call.typeParameters?.end ?? call.typeArguments?.end ?? call.callee.end;
  return ctx.text.indexOf('(', after);
}

/** The object literal of a slot, or undefined if the argument is missing or is a callback (to be inserted). */
function slotObject(ctx, slot, what) {
  if (slot.node) return slot.node;
  const arg = slot.call.arguments[slot.index];
  if (!arg || isFunction(arg)) return undefined;
  if (arg.type === 'SpreadElement') skip(`${what} come from a spread argument`);
  return objectLiteral(ctx, arg, what);
}

/** The edits that set the assignments in a slot, inserting the options argument when it is missing. */
function setInSlot(ctx, slot, assigns, what) {
  const obj = slotObject(ctx, slot, what);
  if (obj) return setInObject(ctx, obj, assigns);
  const wanted = assigns.filter((a) => !a.ifPresent);
  const { call, index, fill } = slot;
  const arg = call.arguments[index];
  // A callback in the options' place (amqplib's callback API): the options go before it.
  if (arg) return [{ start: arg.start, end: arg.start, text: `${literalOf(wanted)}, ` }];
  const missing = [];
  for (let i = call.arguments.length; i < index; i++) {
    if (fill[i] === undefined) skip(`${what}: the call has no argument ${i + 1} to put before them`);
    missing.push(fill[i]);
  }
  const text = [...missing, literalOf(wanted)].join(', ');
  const last = call.arguments.at(-1);
  return [last ? { start: last.end, end: last.end, text: `, ${text}` } : { start: openParen(ctx, call) + 1, end: openParen(ctx, call) + 1, text }];
}

// ---------------------------------------------------------------------------------------------
// Sites: what a label's range holds, and where each library reads its flags, x-arguments and noAck

const has = (spec, client) => spec.clients.includes(client);

/** amqp-connection-manager where the repository uses it and the label or the receiver names its wrapper or setup. */
const viaAcm = (ctx, call, spec, label) => has(spec, 'amqp-connection-manager') && /wrapper|\bACM\b|amqp-connection-manager|setup/i.test(`${label.why} ${snippet(ctx, call.callee)}`);

/**
 * A site: `client`, and where the library reads the queue flags (`flags`: slot + path prefix), the
 * x-arguments (`args`) and the consumer's ack mode (`ack`: slot, path, the auto-ack value).
 */
/** Whether an options object says `key: true` (a literal), directly or under `path`. */
function literalTrue(ctx, obj, key, path = []) {
  const at = obj && objectAt(ctx, obj, path);
  const v = unwrap(at && propOf(at, key)?.value);
  return v?.type === 'BooleanLiteral' && v.value === true;
}

/** Skips a declaration that declares nothing: a passive check, or Nest options with noAssert: true. */
function skipUndeclared(ctx, obj, path = []) {
  if (literalTrue(ctx, obj, 'passive', path)) skip('a passive declaration (passive: true): it checks the queue, it declares nothing');
  if (literalTrue(ctx, obj, 'noAssert') || literalTrue(ctx, obj, 'noAssert', ['queueOptions'])) skip('noAssert: true: Nest does not assert the queue, so its options never reach the broker');
}

function callSite(ctx, call, label, spec) {
  const kind = label.kind;
  const method = methodOf(call);
  if (kind === 'declaration') {
    if (method === 'checkQueue') skip('checkQueue is a passive check: it has no options to rewrite');
    const first = unwrap(call.arguments[0]);
    const second = unwrap(call.arguments[1]);
    if (method === 'createConsumer' && first?.type === 'ObjectExpression') skipUndeclared(ctx, first, ['queueOptions']);
    if (first?.type === 'ObjectExpression') skipUndeclared(ctx, first);
    if (second?.type === 'ObjectExpression') skipUndeclared(ctx, second);
    if (method === 'createConsumer') return { client: 'rabbitmq-client', flags: { slot: argSlot(call, 0), path: ['queueOptions'] }, args: { slot: argSlot(call, 0), path: ['queueOptions', 'arguments'] } };
    if (method === 'queueDeclare' && has(spec, 'rabbitmq-client')) {
      const first = unwrap(call.arguments[0]);
      if (first && ['StringLiteral', 'TemplateLiteral'].includes(first.type)) skip('rabbitmq-client queueDeclare(name): the name would have to become a params object');
      return { client: 'rabbitmq-client', flags: { slot: argSlot(call, 0), path: [] }, args: { slot: argSlot(call, 0), path: ['arguments'] } };
    }
    if (['queue', 'queueDeclare'].includes(method) && has(spec, '@cloudamqp/amqp-client')) {
      // channel.queue(name, params, args): the x-arguments are the third, positional argument.
      return { client: '@cloudamqp/amqp-client', flags: { slot: argSlot(call, 1, ["''"]), path: [] }, args: { slot: argSlot(call, 2, ["''", '{}']), path: [] } };
    }
    // amqplib's assertQueue(name, options, cb?) and the libraries and wrappers with its shape:
    // amqp-ts declareQueue(name, options), node-amqp queue(name, options, cb), wrapper helpers.
    const client = method === 'declareQueue' && has(spec, 'amqp-ts') ? 'amqp-ts' : has(spec, 'amqp') && ['queue', 'subscribe'].includes(method) ? 'amqp' : viaAcm(ctx, call, spec, label) ? 'amqp-connection-manager' : 'amqplib';
    return { client, flags: { slot: argSlot(call, 1, ["''"]), path: [] }, args: { slot: argSlot(call, 1, ["''"]), path: ['arguments'] } };
  }
  if (method === 'createConsumer' || (method === 'basicConsume' && has(spec, 'rabbitmq-client'))) return { client: 'rabbitmq-client', ack: { slot: argSlot(call, 0), path: ['noAck'], value: 'true' } };
  if (method === 'basicConsume' && has(spec, '@cloudamqp/amqp-client')) return { client: '@cloudamqp/amqp-client', ack: { slot: argSlot(call, 1), path: ['noAck'], value: 'true' } };
  if (method === 'subscribe' && has(spec, '@cloudamqp/amqp-client')) return { client: '@cloudamqp/amqp-client', ack: { slot: argSlot(call, 0), path: ['noAck'], value: 'true' } };
  if (method === 'subscribe' && has(spec, 'amqp')) return { client: 'amqp', ack: { slot: argSlot(call, 0), path: ['ack'], value: 'false' } };
  if (['activateConsumer', 'startConsumer'].includes(method)) return { client: 'amqp-ts', ack: { slot: argSlot(call, 1), path: ['noAck'], value: 'true' } };
  if (method === 'consume') {
    const client = viaAcm(ctx, call, spec, label) || (has(spec, 'amqp-connection-manager') && !has(spec, 'amqplib')) ? 'amqp-connection-manager' : 'amqplib';
    return { client, ack: { slot: argSlot(call, 2), path: ['noAck'], value: 'true' } };
  }
  return skip(`${method}() is not a consume call of a client this repository uses`);
}

/** `@RabbitSubscribe({...})`: golevelup's queueOptions go to assertQueue, queueOptions.consumerOptions to consume. */
function decoratorSite(call) {
  const slot = argSlot(call, 0);
  return {
    client: '@golevelup/nestjs-rabbitmq',
    flags: { slot, path: ['queueOptions'] },
    args: { slot, path: ['queueOptions', 'arguments'] },
    ack: { slot, path: ['queueOptions', 'consumerOptions', 'noAck'], value: 'true' },
  };
}

/** A config object: Nest RMQ `options`, a rascal subscription, or a queue entry with `options` (rascal, a custom topology). */
function objectSite(ctx, obj, kind, spec, parent) {
  const nest = has(spec, '@nestjs/microservices');
  const inner = propOf(obj, 'options');
  if (nest && (propOf(obj, 'queue') || propOf(obj, 'urls') || (parent?.type === 'ObjectProperty' && keyName(parent) === 'options'))) {
    if (kind === 'declaration') skipUndeclared(ctx, obj);
    return { client: '@nestjs/microservices', flags: { slot: objectSlot(obj), path: ['queueOptions'] }, args: { slot: objectSlot(obj), path: ['queueOptions', 'arguments'] }, ack: { slot: objectSlot(obj), path: ['noAck'], value: 'true' } };
  }
  if (nest && inner && propOf(obj, 'transport')) return objectSite(ctx, objectLiteral(ctx, inner.value, '`options`'), kind, spec, inner);
  const client = has(spec, 'rascal') ? 'rascal' : spec.clients[0];
  if (kind === 'consumer') {
    if (!has(spec, 'rascal')) skip('a config object, and the repository uses no config-driven consumer library (rascal)');
    return { client, ack: { slot: objectSlot(obj), path: ['options', 'noAck'], value: 'true' } };
  }
  return { client, flags: { slot: objectSlot(obj), path: ['options'] }, args: { slot: objectSlot(obj), path: ['options', 'arguments'] } };
}

/** The site of a label: the first matching call (a decorator first) starting in its lines, else the first object literal. */
function findSite(ctx, label, spec) {
  const end = label.endLine ?? label.line;
  const inRange = ctx.nodes.filter(({ node }) => lineOf(node) >= label.line && lineOf(node) <= end);
  const methods = label.kind === 'declaration' ? DECLARATION_METHODS : CONSUME_METHODS;
  const decorator = inRange.find(({ node, parent }) => isCall(node) && parent?.type === 'Decorator' && HANDLER_DECORATORS.has(node.callee.name));
  if (decorator) return { ...decoratorSite(decorator.node), node: decorator.node };
  // A call is in the label's lines by its method name (`ch\n  .assertQueue(...)` starts a line above), and a client's
  // own declaration method before a name other code also uses (`configs.queue(...)` before `ch.assertQueue(...)`).
  const calls = ctx.nodes.filter(({ node }) => isCall(node) && methods.has(methodOf(node)) && callLine(node) >= label.line && callLine(node) <= end);
  const call = calls.find(({ node }) => !WEAK_METHODS.has(methodOf(node))) ?? calls[0];
  if (call) return { ...withOptionsPath(callSite(ctx, call.node, label, spec), label), node: call.node };
  const obj = inRange.find(({ node }) => node.type === 'ObjectExpression');
  if (obj) return { ...withOptionsPath(objectSite(ctx, obj.node, label.kind, spec, obj.parent), label), node: obj.node };
  return skip(`no ${label.kind === 'declaration' ? 'declaration' : 'consume'} call, handler decorator or config object starts in the label's lines`);
}

// ---------------------------------------------------------------------------------------------
// The mutations

/** The queue type written in the site's x-arguments, if any ('classic' when none is written). */
function queueTypeOf(ctx, site) {
  const base = slotObject(ctx, site.args.slot, 'the queue options');
  const parent = base && objectAt(ctx, base, site.args.path.slice(0, -1));
  const written = site.args.path.length ? parent && propOf(parent, site.args.path.at(-1)) : undefined;
  // An array where the table goes (a mistake some code makes) names no queue type.
  if (unwrap(written?.value)?.type === 'ArrayExpression') return 'classic';
  const table = site.args.path.length ? written && objectLiteral(ctx, written.value, `\`${site.args.path.at(-1)}\``) : base;
  const prop = table && propOf(table, 'x-queue-type');
  if (!prop) return 'classic';
  const v = unwrap(prop.value);
  return v.type === 'StringLiteral' ? v.value : `(${snippet(ctx, v)})`;
}

function declarationEdits(ctx, site, kind) {
  if (!site.flags) skip('the site has no queue options');
  if (kind === 'transient' || kind === 'masterLocator') {
    const type = queueTypeOf(ctx, site);
    if (type !== 'classic') skip(`the queue is a ${type} queue, not a classic one`);
  }
  if (kind === 'transient') {
    return setInSlot(ctx, site.flags.slot, [{ path: [...site.flags.path, 'durable'], value: 'false' }, { path: [...site.flags.path, 'exclusive'], value: 'false', ifPresent: true }], 'the queue options');
  }
  const args = kind === 'quorumPriority' ? { 'x-queue-type': "'quorum'", 'x-max-priority': '10' } : { 'x-queue-master-locator': "'min-masters'" };
  return setInSlot(ctx, site.args.slot, Object.entries(args).map(([k, value]) => ({ path: [...site.args.path, k], value })), site.args.path.length ? 'the queue options' : 'the x-arguments');
}

function consumerEdits(ctx, site) {
  if (!site.ack) skip('the site has no consume options');
  return setInSlot(ctx, site.ack.slot, [{ path: site.ack.path, value: site.ack.value }], 'the consume options');
}

/** An edit's JavaScript object text in JSON's spelling: double-quoted strings and keys. */
function jsonSpelling(text) {
  return text.replace(/'([^'\\]*)'/g, '"$1"').replace(/([{,]\s*)([A-Za-z_$][\w$]*)(\s*:)/g, '$1"$2"$3');
}

export function applyEdits(text, edits) {
  const sorted = [...edits].sort((a, b) => b.start - a.start);
  for (let i = 1; i < sorted.length; i++) if (sorted[i].end > sorted[i - 1].start) throw new Error('overlapping edits');
  let out = text;
  for (const e of sorted) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

const lineAt = (text, offset) => text.slice(0, offset).split('\n').length;
const newlines = (s) => s.split('\n').length - 1;

/** The lines a finding may be reported on after the edits: the label's (shifted by added lines) and the edited ones. */
function acceptedSpans(text, edits, label) {
  const shift = (line) => line + edits.filter((e) => lineAt(text, e.start) < line).reduce((n, e) => n + newlines(e.text) - newlines(text.slice(e.start, e.end)), 0);
  const spans = [{ file: label.file, line: shift(label.line), endLine: shift((label.endLine ?? label.line) + 1) - 1 }];
  for (const e of edits) {
    const start = shift(lineAt(text, e.start));
    spans.push({ file: label.file, line: start, endLine: start + newlines(e.text) });
  }
  return spans;
}

function describeEdits(text, edits) {
  return [...edits]
    .sort((a, b) => a.start - b.start)
    .map((e) => (e.start === e.end ? `line ${lineAt(text, e.start)}: inserted \`${e.text.trim()}\`` : `line ${lineAt(text, e.start)}: \`${text.slice(e.start, e.end).replace(/\s+/g, ' ')}\` -> \`${e.text.trim()}\``))
    .join('; ');
}

/**
 * Plans one mutation of a label's site: `{ kind, client, edits, text (mutated), spans, describe }`, or
 * `{ skip: reason }`. Declarations try `kinds` in order (the first one the site takes).
 */
export function planMutation(parsed, text, label, spec, kinds) {
  const ctx = { text, nodes: nodesOf(parsed.ast) };
  let site;
  try {
    site = findSite(ctx, label, spec);
  } catch (e) {
    if (e instanceof Skip) return { skip: e.message };
    throw e;
  }
  const reasons = [];
  for (const kind of kinds) {
    try {
      const written = label.kind === 'declaration' ? declarationEdits(ctx, site, kind) : consumerEdits(ctx, site);
      const edits = parsed.plugins === 'json' ? written.map((e) => ({ ...e, text: jsonSpelling(e.text) })) : written;
      if (!edits.length) skip('nothing to change');
      const mutated = applyEdits(text, edits);
      const check = reparse(mutated, parsed.plugins);
      if (check.errors > parsed.errors) skip(`the rewritten file does not parse (${check.first})`);
      return { kind, client: site.client, siteLine: lineOf(site.node), edits, text: mutated, spans: acceptedSpans(text, edits, label), describe: describeEdits(text, edits) };
    } catch (e) {
      if (!(e instanceof Skip)) throw e;
      reasons.push({ kind, reason: e.message });
    }
  }
  const same = reasons.every((r) => r.reason === reasons[0].reason);
  return { skip: same ? reasons[0].reason : reasons.map((r) => `${r.kind}: ${r.reason}`).join('; '), client: site.client };
}
