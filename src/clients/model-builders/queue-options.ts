// Queue options objects (amqplib's shape, and dialects of it) read into the model, and the fix edits to them.
import type * as t from '@babel/types';
import { unwrap, type ParsedFile } from '../../parse/ast';
import { defaulted, unknown, type FixIntent, type QueueArgument, type QueueFlag, type Resolved, type Span, type TextEdit } from '../../model';
import type { ObjectValue, PropertyValue, Value } from '../../resolve/values';
import type { Resolver as ValueResolver } from '../../resolve/contracts';
import { lineEndingOf, preferredQuote, quoteString } from '../../text';
import { editObject, type ObjectSpan } from '../../fix/object-edit';
import { isJsonPath } from '../../parse';
import { readAny, readBoolean } from './resolved';
import type { RenderResult } from '../../fix/render-result';
import type { OptionKeys } from './option-keys';

/** amqplib's promoted queue options and the x-argument each becomes (lib/api_args.js). */
export const AMQPLIB_PROMOTED_OPTIONS: Record<string, string> = {
  expires: 'x-expires',
  messageTtl: 'x-message-ttl',
  deadLetterExchange: 'x-dead-letter-exchange',
  deadLetterRoutingKey: 'x-dead-letter-routing-key',
  maxLength: 'x-max-length',
  maxPriority: 'x-max-priority',
  overflow: 'x-overflow',
  queueMode: 'x-queue-mode',
};

/** Where one x-argument is written: a promoted option or an `arguments` entry. */
interface ArgumentSource {
  prop: PropertyValue;
  via: 'option' | 'arguments';
}

/** How one client library spells queue options and what it does when they are left out. */
export interface QueueOptionsDialect {
  library: string;
  /** Options that the library turns into x-arguments (amqplib: maxPriority → x-max-priority). */
  promoted: Record<string, string>;
  /** The option holding the raw x-arguments table, if the table lives in the options object. */
  argumentsKey?: string;
  /** Flag values when the option is left out (may depend on the queue name: pass them per call). */
  defaults: Record<QueueFlag, boolean>;
  /** amqplib reads `durable: undefined` as the default; other libraries read it as false. */
  undefinedDurableIsDefault: boolean;
}

/** amqplib's `assertQueue` options (lib/api_args.js), also used by every amqplib-based library. */
export const AMQPLIB_DIALECT: QueueOptionsDialect = {
  library: 'amqplib',
  promoted: AMQPLIB_PROMOTED_OPTIONS,
  argumentsKey: 'arguments',
  defaults: { durable: true, exclusive: false, autoDelete: false },
  undefinedDurableIsDefault: true,
};

/** x-arguments amqplib sends only from `arguments` (or its named options): written next to durable, they never arrive. */
const X_ARGUMENTS = ['x-queue-type', 'x-message-ttl', 'x-expires', 'x-dead-letter-exchange', 'x-dead-letter-routing-key', 'x-max-length', 'x-max-length-bytes', 'x-max-priority', 'x-overflow', 'x-single-active-consumer', 'x-delivery-limit', 'x-queue-mode', 'x-queue-version', 'x-queue-leader-locator', 'x-dead-letter-strategy'];

/** amqplib's Args.assertQueue (lib/api_args.js), the options every amqplib-based library hands it: the flags, the arguments table, and the options it turns into x-arguments. */
export const AMQPLIB_QUEUE_KEYS: OptionKeys = {
  reads: {
    durable: 'amqplib declares the queue durable (its default)',
    exclusive: 'the queue is not exclusive',
    autoDelete: 'the queue is not auto-delete',
    arguments: 'the queue gets no other x-arguments',
    messageTtl: 'its messages do not expire (no x-message-ttl)',
    expires: 'the queue does not expire (no x-expires)',
    deadLetterExchange: 'rejected and expired messages are dropped (no x-dead-letter-exchange)',
    deadLetterRoutingKey: 'dead-lettered messages keep their routing key',
    maxLength: 'the queue has no length limit (no x-max-length)',
    maxPriority: 'the queue has no priorities (no x-max-priority)',
    overflow: 'the queue keeps its default overflow (drop-head)',
    queueMode: 'no x-queue-mode is sent',
  },
  defaults: { durable: true, exclusive: false, autoDelete: false },
  confusions: Object.fromEntries(
    X_ARGUMENTS.map((key) => [
      key,
      { intended: `arguments: { '${key}': ... }`, uses: `amqplib sends x-arguments only from \`arguments\` and its named options, so the queue is declared without ${key}${key === 'x-queue-type' ? " (a classic queue, unless the vhost's default queue type says otherwise)" : ''}` },
    ]),
  ),
};

/** What a renderer needs to edit a queue options object. */
export interface QueueOptionsSyntax {
  /** The options object, if the options resolve to one. */
  options?: ObjectValue;
  /** Why the options cannot be edited (unknown value), if so. */
  optionsUnknown?: string;
  /** Resolved x-arguments table, if any. */
  argumentsObject?: ObjectValue;
  /** The property that holds the table inside the options (absent for a positional table). */
  argumentsProp?: PropertyValue;
  flags: Partial<Record<QueueFlag, PropertyValue>>;
  argumentSources: Map<string, ArgumentSource[]>;
  /** How to add an options object when the call has none. */
  addOptions?: { at: number; prefix: string; suffix: string };
}

export interface QueueOptions {
  durable: Resolved<boolean>;
  exclusive: Resolved<boolean>;
  autoDelete: Resolved<boolean>;
  arguments: QueueArgument[];
  argumentsIncomplete?: string;
  dependsOn: Span[];
  syntax: QueueOptionsSyntax;
}

export interface ReadOptions {
  addOptions?: QueueOptionsSyntax['addOptions'];
  /** A separate x-arguments table (e.g. @cloudamqp's third positional argument). */
  argumentsNode?: t.Node;
  /** Defaults for this call, when they depend on the queue name. */
  defaults?: Record<QueueFlag, boolean>;
}

/**
 * Reads a queue options expression the way the client library does: its defaults for left-out
 * flags, its promoted options (which win over the raw `arguments` table, as in amqplib).
 */
export function readQueueOptions(file: ParsedFile, resolver: ValueResolver, optionsNode: t.Node | undefined, dialect: QueueOptionsDialect, read: ReadOptions = {}): QueueOptions {
  const library = dialect.library;
  const defaultsFor = read.defaults ?? dialect.defaults;
  const syntax: QueueOptionsSyntax = { flags: {}, argumentSources: new Map(), addOptions: optionsNode ? undefined : read.addOptions };
  const args = new Map<string, QueueArgument>();
  const dependsOn: Span[] = [];
  const addSource = (key: string, source: ArgumentSource) => {
    const list = syntax.argumentSources.get(key) ?? [];
    list.push(source);
    syntax.argumentSources.set(key, list);
  };
  let argumentsIncomplete: string | undefined;
  const readTable = (value: Value) => {
    if (value.kind === 'object') {
      syntax.argumentsObject = value.object;
      dependsOn.push(...value.object.reads);
      if (value.object.open) argumentsIncomplete = `the arguments table ${value.object.open}`;
      for (const [key, prop] of value.object.props) {
        const v = prop.value();
        if (v.kind === 'literal' && v.value === undefined) continue;
        addSource(key, { prop, via: 'arguments' });
        args.set(key, { key, value: readAny(v, file.span(prop.node)), via: 'arguments', spelledAs: key });
        if (v.kind === 'literal' && v.origin) dependsOn.push(v.origin);
      }
    } else if (value.kind === 'unknown') {
      argumentsIncomplete = `the arguments table ${value.reason}`;
    }
  };
  if (read.argumentsNode) readTable(resolver.resolve(read.argumentsNode));
  const defaults = (): QueueOptions => ({
    durable: defaulted(defaultsFor.durable, library),
    exclusive: defaulted(defaultsFor.exclusive, library),
    autoDelete: defaulted(defaultsFor.autoDelete, library),
    arguments: [...args.values()],
    argumentsIncomplete,
    dependsOn,
    syntax,
  });
  if (!optionsNode) return defaults();
  const value = resolver.resolve(optionsNode);
  // Not an object: amqplib reads `options || {}` and then its properties, so `false`, `0`, `''` or `true` (as in
  // `assertQueue(q, durable = false)`) leave every option to the library's defaults, as `null` and `undefined` do.
  // The amqplib-based libraries copy or spread the options, which does the same with a primitive.
  if (value.kind === 'literal') return defaults();
  if (value.kind !== 'object') {
    const reason = value.kind === 'unknown' ? `the options ${value.reason.replace(/^is /, 'are ')}` : 'the options are not an object';
    const param = value.kind === 'unknown' ? value.param : undefined;
    syntax.optionsUnknown = reason;
    return {
      durable: unknown(reason, undefined, param),
      exclusive: unknown(reason, undefined, param),
      autoDelete: unknown(reason, undefined, param),
      arguments: [...args.values()],
      argumentsIncomplete: reason,
      dependsOn,
      syntax,
    };
  }
  const obj = value.object;
  syntax.options = obj;
  dependsOn.push(...obj.reads);
  const flag = (name: QueueFlag, coerce: 'truthy' | 'undefined-is-default') => {
    const prop = obj.props.get(name);
    if (prop) syntax.flags[name] = prop;
    const r = readBoolean(file, prop, defaultsFor[name], library, obj.open, coerce, obj.openParam);
    if (r.kind !== 'default' && r.origin) dependsOn.push(r.origin);
    return r;
  };
  if (obj.open) argumentsIncomplete = obj.open;
  const argsProp = dialect.argumentsKey ? obj.props.get(dialect.argumentsKey) : undefined;
  if (argsProp && !read.argumentsNode) {
    syntax.argumentsProp = argsProp;
    readTable(argsProp.value());
  }
  for (const [option, key] of Object.entries(dialect.promoted)) {
    const prop = obj.props.get(option);
    if (!prop) continue;
    const v = prop.value();
    if (v.kind === 'literal' && v.value === undefined) continue;
    addSource(key, { prop, via: 'option' });
    args.set(key, { key, value: readAny(v, file.span(prop.node)), via: 'option', spelledAs: option });
    if (v.kind === 'literal' && v.origin) dependsOn.push(v.origin);
  }

  return {
    durable: flag('durable', dialect.undefinedDurableIsDefault ? 'undefined-is-default' : 'truthy'),
    exclusive: flag('exclusive', 'truthy'),
    autoDelete: flag('autoDelete', 'truthy'),
    arguments: [...args.values()],
    argumentsIncomplete,
    dependsOn,
    syntax,
  };
}


function objectSpan(obj: ObjectValue): ObjectSpan {
  return {
    start: obj.node.start ?? 0,
    end: obj.node.end ?? 0,
    properties: obj.node.properties.map((p) => ({ start: p.start ?? 0, end: p.end ?? 0 })),
  };
}

/** JSON (a configuration file) needs double-quoted keys and strings; code keeps the file's style. */
function keyIn(file: ParsedFile, key: string): string {
  return isJsonPath(file.path) ? `"${key}"` : key;
}

function quoteIn(file: ParsedFile): "'" | '"' {
  return isJsonPath(file.path) ? '"' : preferredQuote(file.text);
}

/** Renders fix intents as edits of a queue options object (or a new one), and of its x-arguments table. */
export function renderQueueOptionIntents(file: ParsedFile, syntax: QueueOptionsSyntax, intents: FixIntent[]): RenderResult {
  const quote = preferredQuote(file.text);
  const eol = lineEndingOf(file.text);
  const edits: TextEdit[] = [];
  const touched: Span[] = [];
  // Per object literal: properties to remove and properties to add.
  const objects = new Map<t.ObjectExpression, { remove: t.Node[]; insert: string[] }>();
  // The file of each object literal to edit (a shared options object may live in another module).
  const holderFiles = new Map<t.ObjectExpression, ParsedFile>();
  if (syntax.options) holderFiles.set(syntax.options.node, syntax.options.file);
  if (syntax.argumentsObject) holderFiles.set(syntax.argumentsObject.node, syntax.argumentsObject.file);
  for (const sources of syntax.argumentSources.values()) for (const src of sources) holderFiles.set(src.prop.holder, src.prop.file);
  for (const prop of Object.values(syntax.flags)) if (prop) holderFiles.set(prop.holder, prop.file);
  if (syntax.argumentsProp) holderFiles.set(syntax.argumentsProp.holder, syntax.argumentsProp.file);
  const forObject = (o: t.ObjectExpression) => {
    let entry = objects.get(o);
    if (!entry) objects.set(o, (entry = { remove: [], insert: [] }));
    return entry;
  };
  const newOptions: string[] = [];
  const readOnly = readOnlyReason(syntax);
  if (readOnly) return { ok: false, reason: readOnly };

  for (const intent of intents) {
    if (intent.kind === 'set-flag') {
      const prop = syntax.flags[intent.flag];
      const text = String(intent.value);
      if (prop) {
        const edit = replacePropertyValue(file, prop, text);
        if (!edit.ok) return edit;
        edits.push(...edit.edits);
        touched.push(...edit.touched);
      } else if (syntax.options) {
        forObject(syntax.options.node).insert.push(`${keyIn(syntax.options.file, intent.flag)}: ${text}`);
      } else if (syntax.optionsUnknown) {
        return { ok: false, reason: syntax.optionsUnknown };
      } else if (syntax.addOptions) {
        newOptions.push(`${intent.flag}: ${text}`);
      } else {
        return { ok: false, reason: 'the declaration has no options object to change' };
      }
    } else if (intent.kind === 'remove-argument' || intent.kind === 'replace-argument') {
      const sources = syntax.argumentSources.get(intent.key);
      if (!sources?.length) return { ok: false, reason: `cannot find where ${intent.key} is set` };
      for (const source of sources) {
        if (intent.kind === 'remove-argument') {
          forObject(source.prop.holder).remove.push(source.prop.node);
        } else {
          const p = source.prop.node;
          if (p.type !== 'ObjectProperty' || source.via !== 'arguments') return { ok: false, reason: `${intent.key} is not written as a plain property` };
          const keyText = quoteString(intent.newKey, quoteIn(source.prop.file));
          edits.push({ start: p.key.start ?? 0, end: p.key.end ?? 0, text: p.computed ? `[${keyText}]` : keyText, file: source.prop.file.path });
          const valueEdit = replacePropertyValue(file, source.prop, quoteString(intent.newValue, quoteIn(source.prop.file)));
          if (!valueEdit.ok) return valueEdit;
          edits.push(...valueEdit.edits);
          touched.push(source.prop.file.span(source.prop.holder), ...valueEdit.touched);
        }
      }
    } else {
      return { ok: false, reason: `${intent.kind} does not apply to a queue declaration` };
    }
  }

  // An `arguments` table emptied by removals goes away with its property.
  if (syntax.argumentsObject && syntax.argumentsProp) {
    const entry = objects.get(syntax.argumentsObject.node);
    const argsNode = syntax.argumentsObject.node;
    if (entry && entry.insert.length === 0 && entry.remove.length === argsNode.properties.length && syntax.argumentsProp.node.type === 'ObjectProperty' && unwrap(syntax.argumentsProp.node.value as t.Node) === argsNode) {
      objects.delete(argsNode);
      forObject(syntax.argumentsProp.holder).remove.push(syntax.argumentsProp.node);
    }
  }

  for (const [obj, change] of objects) {
    const holder = holderFiles.get(obj) ?? file;
    const span = { start: obj.start ?? 0, end: obj.end ?? 0, properties: obj.properties.map((p) => ({ start: p.start ?? 0, end: p.end ?? 0 })) };
    const remove = change.remove.map((n) => ({ start: n.start ?? 0, end: n.end ?? 0 }));
    edits.push(...editObject(holder.text, span, remove, change.insert, lineEndingOf(holder.text)).map((e) => ({ ...e, file: holder.path })));
    touched.push(holder.span(obj));
  }
  if (newOptions.length && syntax.addOptions) {
    const a = syntax.addOptions;
    edits.push({ start: a.at, end: a.at, text: `${a.prefix.replace(/''/g, quote + quote)}{ ${newOptions.join(', ')} }${a.suffix}`, file: file.path });
  }
  return { ok: true, edits: edits.map((e) => (e.file ? e : { ...e, file: file.path })), touched };
}

/** Why the options cannot be edited in one place (they are one of several loop elements), if so. */
function readOnlyReason(syntax: QueueOptionsSyntax): string | undefined {
  const props = [...Object.values(syntax.flags), syntax.argumentsProp, ...[...syntax.argumentSources.values()].flat().map((s) => s.prop)];
  return syntax.options?.readOnly ?? syntax.argumentsObject?.readOnly ?? props.find((p) => p?.readOnly)?.readOnly;
}

/** Replace the value a property contributes: at its literal origin if it has one, else in place. */
export function replacePropertyValue(file: ParsedFile, prop: PropertyValue, text: string): RenderResult {
  if (prop.readOnly) return { ok: false, reason: prop.readOnly };
  const node = prop.node;
  const value = prop.value();
  if (value.kind === 'literal' && value.readOnly) return { ok: false, reason: value.readOnly };
  if (value.kind === 'literal' && value.editable && value.origin) {
    return { ok: true, edits: [{ start: value.origin.start, end: value.origin.end, text, file: value.origin.file }], touched: [value.origin] };
  }
  if (value.kind === 'unknown') return { ok: false, reason: value.reason };
  if (node.type !== 'ObjectProperty') return { ok: false, reason: 'the option is a method' };
  const holder = prop.file ?? file;
  if (node.shorthand) {
    return { ok: true, edits: [{ start: node.start ?? 0, end: node.end ?? 0, text: `${holder.source(node.key)}: ${text}`, file: holder.path }], touched: [holder.span(node)] };
  }
  const v = node.value as t.Node;
  return { ok: true, edits: [{ start: v.start ?? 0, end: v.end ?? 0, text, file: holder.path }], touched: [holder.span(v)] };
}

export { objectSpan };
