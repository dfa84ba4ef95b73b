// The AMQP options of moleculer's transporter and @moleculer/channels' adapter, read into the model.
import type { Node } from '../../parse/ast';
import { defaulted, known, unknown, type AckMode, type FileModel, type FixIntent, type QueueArgument, type Resolved, type Subject } from '../../model';
import type { ObjectValue, PropertyValue, Value } from '../../resolve/values';
import { AMQPLIB_DIALECT, readQueueOptions, renderQueueOptionIntents, type QueueOptions, type QueueOptionsSyntax } from '../model-builders/queue-options';
import { type RenderResult } from '../../fix/render-result';
import { readBoolean } from '../model-builders/resolved';
import { dropEmptiedObject, lineAnchor, propertyAt, removeConfigProperty, valueNode } from '../declarative-config/config-objects';
import { contextOf, type FileContext } from '../../resolve/file-context';

/**
 * The moleculer family's AMQP options (the transporter, @moleculer/channels' adapter): both build
 * amqplib assertQueue / consume options from one options object of the user's, over which the
 * user's queue options win, and set a per-consumer prefetch on their single channel.
 */
export interface MoleculerAmqpSpec {
  client: string;
  /** How findings name the queues the library declares (one declaration stands for them all). */
  queues: string;
  /** How findings name the library's consumers. */
  callee: string;
  queueOptions: string[];
  consumeOptions: string[];
  prefetch: string;
  /** The prefetch when the option is left out, and how the library reads the option. */
  prefetchDefault: number;
  /** moleculer: any non-number means the default; channels: null means no prefetch at all. */
  prefetchRead: 'number-or-default' | 'null-is-none';
  /** The library's own queue options under the user's (moleculer: heartbeat queues are auto-delete). */
  autoDelete: boolean;
  /**
   * An option from which the library sets x-expires on some of its queues, under the user's queue
   * options (moleculer: `expires: autoDeleteQueues` on its event, request and response queues).
   */
  expires?: { option: string; milliseconds: (value: Value | undefined) => number | undefined };
}

/** A transporter's / adapter's options: an object, unknown (and why), or none (a URL: all defaults). */
export type AmqpOptions = ObjectValue | { unknown: string } | undefined;

/** An option inside them: written, unknown (and why), or left out. */
type Option = PropertyValue | { unknown: string } | undefined;

export interface MoleculerQueueSyntax {
  options: QueueOptionsSyntax;
}

export interface MoleculerConsumerSyntax {
  noAck?: PropertyValue;
}

/**
 * Adds the declaration and the consumer an AMQP transporter / adapter stands for. `options` is the
 * options object (undefined for a plain URL: all defaults); `at` is where the transporter or adapter
 * is configured in this file.
 */
export function addMoleculerAmqp(ctx: FileContext, model: FileModel, spec: MoleculerAmqpSpec, options: AmqpOptions, at: Node): void {
  const { file } = ctx;
  const here = (o: Option) => (isWritten(o) && o.file === file ? o.node : undefined);
  const queueOptions = lookup(options, spec.queueOptions);
  const read = readLevel(ctx, spec, queueOptions);
  const expires = libraryExpires(spec, options, read);
  if (expires) read.arguments.push(expires);
  const declAt = here(queueOptions) ?? at;
  const name = defaulted(spec.queues, spec.client);
  model.declarations.push({
    kind: 'queue-declaration',
    id: `${spec.client}:${declAt.start}`,
    client: spec.client,
    at: file.span(declAt),
    statementStart: lineAnchor(file, declAt),
    callee: spec.callee,
    name,
    durable: read.durable,
    exclusive: read.exclusive,
    autoDelete: read.autoDelete,
    passive: false,
    arguments: read.arguments,
    argumentsIncomplete: read.argumentsIncomplete,
    dependsOn: read.dependsOn,
    syntax: { options: read.syntax } satisfies MoleculerQueueSyntax,
  });

  const consume = lookup(options, spec.consumeOptions);
  const consumeObject = isWritten(consume) ? consume.value() : undefined;
  const noAckProp = consumeObject?.kind === 'object' ? consumeObject.object.props.get('noAck') : undefined;
  let ack: Resolved<AckMode>;
  if (consume && !isWritten(consume)) ack = unknown(`the ${spec.consumeOptions.join('.')} are unknown: ${consume.unknown}`);
  else if (consumeObject?.kind === 'unknown') ack = unknown(consumeObject.reason, consumeObject.origin);
  else {
    const noAck = readBoolean(file, noAckProp, false, spec.client, consumeObject?.kind === 'object' ? consumeObject.object.open : undefined);
    ack = noAck.kind === 'known' ? known(noAck.value ? 'auto' : 'manual', noAck.origin) : noAck.kind === 'default' ? defaulted('manual', spec.client) : noAck;
  }
  // Reported where the consumer's behaviour is set: its consume options, else its prefetch option.
  const prefetch = lookup(options, [spec.prefetch]);
  const consumerAt = (ack.kind === 'known' ? here(consume) : undefined) ?? here(prefetch) ?? here(consume) ?? at;
  model.consumers.push({
    kind: 'consumer',
    id: `${spec.client}:consumer:${consumerAt.start}`,
    client: spec.client,
    at: file.span(consumerAt),
    statementStart: lineAnchor(file, consumerAt),
    callee: spec.callee,
    channel: `${spec.client}:${at.start}`,
    queue: name,
    ack,
    prefetch: prefetchOf(spec, prefetch),
    consumerArguments: [],
    syntax: { noAck: noAckProp } satisfies MoleculerConsumerSyntax,
  });
}

/**
 * A transporter / adapter option naming the AMQP implementation the way both libraries resolve it
 * (src/transporters/index.js and src/adapters/index.js, resolve()): an `amqp://` / `amqps://` URL or
 * the type name "AMQP" (case-insensitive; "AMQP10" is AMQP 1.0), or `{ type: "AMQP", options }`.
 */
export function amqpOptionsOf(value: Value): { options: AmqpOptions } | undefined {
  if (value.kind === 'literal' && typeof value.value === 'string') return /^amqps?:\/\//.test(value.value) || value.value.toLowerCase() === 'amqp' ? { options: undefined } : undefined;
  if (value.kind !== 'object') return undefined;
  const type = value.object.props.get('type')?.value();
  if (type?.kind !== 'literal' || typeof type.value !== 'string' || type.value.toLowerCase() !== 'amqp') return undefined;
  return { options: optionsOf(value.object.props.get('options')?.value()) };
}

/** An options value as the libraries read it: an object, unknown, or nothing (their defaults). */
export function optionsOf(value: Value | undefined): AmqpOptions {
  if (value?.kind === 'object') return value.object;
  if (value?.kind === 'unknown') return { unknown: value.reason };
  return undefined;
}

function lookup(options: AmqpOptions, path: string[]): Option {
  if (!options || 'unknown' in options) return options;
  const r = propertyAt(options, ...path);
  return 'found' in r ? r.found : 'unknown' in r ? { unknown: r.unknown.reason } : undefined;
}

function isWritten(o: Option): o is PropertyValue {
  return !!o && !('unknown' in o);
}

function readLevel(ctx: FileContext, spec: MoleculerAmqpSpec, option: Option): QueueOptions {
  const dialect = { ...AMQPLIB_DIALECT, library: spec.client };
  const defaults = { durable: true, exclusive: false, autoDelete: spec.autoDelete };
  const owner = isWritten(option) ? contextOf(ctx, option.file) : ctx;
  if ((option && !isWritten(option)) || !owner) {
    const reason = `the ${spec.queueOptions.join('.')} are unknown: ${option && !isWritten(option) ? option.unknown : 'they are in a file that is not loaded'}`;
    return { durable: unknown(reason), exclusive: unknown(reason), autoDelete: unknown(reason), arguments: [], argumentsIncomplete: reason, dependsOn: [], syntax: { flags: {}, argumentSources: new Map(), optionsUnknown: reason } };
  }
  return readQueueOptions(owner.file, owner.resolver, isWritten(option) ? valueNode(option) : undefined, dialect, { defaults });
}

/** The x-expires the library sets from its own option, unless the user's queue options set one. */
function libraryExpires(spec: MoleculerAmqpSpec, options: AmqpOptions, read: QueueOptions): QueueArgument | undefined {
  if (!spec.expires || read.syntax.optionsUnknown || read.arguments.some((a) => a.key === 'x-expires')) return undefined;
  const { option: name, milliseconds } = spec.expires;
  const option = lookup(options, [name]);
  let value: Resolved<number> | undefined;
  if (option && !isWritten(option)) value = unknown(`the ${name} option is unknown: ${option.unknown}`);
  else if (!option) {
    const ms = milliseconds(undefined);
    value = ms === undefined ? undefined : defaulted(ms, spec.client);
  } else {
    const v = option.value();
    const at = option.file.span(option.node);
    const ms = v.kind === 'unknown' ? undefined : milliseconds(v);
    value = v.kind === 'unknown' ? unknown(v.reason, v.origin ?? at) : ms === undefined ? undefined : known(ms, at);
  }
  return value && { key: 'x-expires', value, via: 'option', spelledAs: name };
}

function prefetchOf(spec: MoleculerAmqpSpec, option: Option): Resolved<number> | undefined {
  if (!option) return defaulted(spec.prefetchDefault, spec.client);
  if (!isWritten(option)) return unknown(`the ${spec.prefetch} option is unknown: ${option.unknown}`);
  const v = option.value();
  const at = option.file.span(option.node);
  if (v.kind === 'unknown') return unknown(v.reason, v.origin ?? at);
  if (v.kind === 'literal' && typeof v.value === 'number') return known(v.value, v.origin ?? at);
  if (spec.prefetchRead === 'null-is-none' && v.kind === 'literal' && v.value === null) return undefined;
  return defaulted(spec.prefetchDefault, spec.client);
}

/**
 * `durable: false` in the user's queue options is removed rather than flipped: durable is the
 * library's default, and its queues stay temporary through their own auto-delete / expiry.
 * `noAck: true` is removed too: the library acknowledges each message after its handler.
 */
export function renderMoleculerAmqp(subject: Subject, intents: FixIntent[], ctx: FileContext): RenderResult {
  if (subject.kind === 'queue-declaration') {
    const { options } = subject.syntax as MoleculerQueueSyntax;
    const durable = options.flags.durable;
    const onlyDurable = intents.length === 1 && intents[0].kind === 'set-flag' && intents[0].flag === 'durable' && intents[0].value;
    if (onlyDurable && durable && isLiteral(durable, false)) {
      const removed = removeConfigProperty(durable);
      return { ok: true, ...removed };
    }
    // What the library sets itself (moleculer's auto-delete heartbeat queues, its expiring event queues) stays as the library wants it.
    const byDesign = intents.flatMap((i) => (i.kind === 'set-flag' && i.flag !== 'durable' && !options.flags[i.flag] ? [FLAG_WORDS[i.flag]] : []));
    const libraryArguments = intents.flatMap((i) => (i.kind === 'remove-argument' && !options.argumentSources.has(i.key) ? [librarySetting(subject, i.key)] : []));
    if (byDesign.length || libraryArguments.length) {
      const reasons = [byDesign.length ? `${subject.client} makes some of its queues ${byDesign.join(' and ')} by design` : '', ...libraryArguments].filter(Boolean);
      return { ok: false, reason: reasons.join('; ') };
    }
    return dropEmptiedObject(renderQueueOptionIntents(ctx.file, options, intents), options.options);
  }
  if (subject.kind === 'consumer' && intents.length === 1 && intents[0].kind === 'manual-ack') {
    const { noAck } = subject.syntax as MoleculerConsumerSyntax;
    const p = subject.prefetch;
    if (!noAck || !isLiteral(noAck, true)) return { ok: false, reason: 'noAck is not written as true in the consume options' };
    if (!p || p.kind === 'unknown' || p.value <= 0) return { ok: false, reason: 'the prefetch is not above 0: set it too' };
    return { ok: true, ...removeConfigProperty(noAck) };
  }
  return { ok: false, reason: `cannot render ${intents.map((i) => i.kind).join(', ')} in ${subject.client}'s options` };
}

const FLAG_WORDS: Record<string, string> = { exclusive: 'exclusive', autoDelete: 'auto-delete' };

/** Why an argument the library adds (not the user's queue options) is not removed by a rewrite. */
function librarySetting(subject: Subject, key: string): string {
  const arg = subject.kind === 'queue-declaration' ? subject.arguments.find((a) => a.key === key) : undefined;
  return `${subject.client} sets ${key} itself${arg ? ` from its ${arg.spelledAs} option` : ''}`;
}

function isLiteral(prop: PropertyValue, value: boolean): boolean {
  const v = prop.value();
  return v.kind === 'literal' && Boolean(v.value) === value && v.value !== undefined;
}
