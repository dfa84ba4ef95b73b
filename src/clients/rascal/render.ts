// Renders fix intents in a rascal config: a queue's options, a subscription's prefetch.
import type { FixIntent, Subject } from '../../model';
import { renderQueueOptionIntents } from '../model-builders/queue-options';
import { type RenderResult } from '../../fix/render-result';
import { configStyle, dropEmptiedObject, editConfigObject } from '../declarative-config/config-objects';
import type { RascalQueueSyntax } from './queues';
import type { RascalQosSyntax } from './subscriptions';

/** Renders fix intents in rascal's configuration: a queue's `options`, a subscription's prefetch. */
export function renderRascal(subject: Subject, intents: FixIntent[]): RenderResult {
  if (subject.kind === 'queue-declaration' && subject.syntax) return renderQueue(subject.syntax as RascalQueueSyntax, intents);
  if (subject.kind === 'qos' && intents.every((i) => i.kind === 'drop-global-qos')) return renderQos(subject.syntax as RascalQosSyntax);
  if (subject.kind === 'consumer') {
    return { ok: false, reason: "rascal acknowledges through the ackOrNack callback of the 'message' event: set options.noAck to false on the subscription and call ackOrNack() after the handler's work" };
  }
  return { ok: false, reason: `cannot render ${intents.map((i) => i.kind).join(', ')} in a rascal config` };
}

/**
 * A value written in the config (the queue's options, or the defaults it inherits) is changed where
 * it is written; a flag the config leaves to a default is set in the queue's `options`, which is
 * added to the queue's entry when it has none (an array item that is only a name becomes an object).
 */
function renderQueue(syntax: RascalQueueSyntax, intents: FixIntent[]): RenderResult {
  if (syntax.configuredIn) return { ok: false, reason: configuredElsewhere(syntax, intents) };
  const options = syntax.options;
  const added = intents.filter((i) => i.kind === 'set-flag' && !options.flags[i.flag] && !options.options && !options.optionsUnknown);
  const rest = intents.filter((i) => !added.includes(i));
  const base: RenderResult = rest.length ? dropEmptiedObject(renderQueueOptionIntents(syntax.file, options, rest), options.options) : { ok: true, edits: [], touched: [] };
  if (!base.ok || !added.length) return base;
  const style = configStyle(syntax.file);
  const flags = added.map((i) => (i.kind === 'set-flag' ? `${style.key(i.flag)}: ${i.value}` : '')).join(', ');
  const property = `${style.key('options')}: { ${flags} }`;
  if (syntax.entry && !syntax.entry.open) {
    const entry = syntax.entry;
    return { ok: true, edits: [...base.edits, ...editConfigObject(entry.file, entry.node, [], [property])], touched: [...base.touched, entry.file.span(entry.node)] };
  }
  if (syntax.nameLiteral) {
    const literal = syntax.nameLiteral;
    const text = `{ ${style.key('name')}: ${syntax.file.source(literal)}, ${property} }`;
    return { ok: true, edits: [...base.edits, { start: literal.start ?? 0, end: literal.end ?? 0, text, file: syntax.file.path }], touched: [...base.touched, syntax.file.span(literal)] };
  }
  return { ok: false, reason: 'the queue entry is not an object literal to add options to' };
}

function configuredElsewhere(syntax: RascalQueueSyntax, intents: FixIntent[]): string {
  const where = syntax.configuredIn!.path;
  const durable = intents.every((i) => i.kind === 'set-flag' && i.flag === 'durable' && i.value);
  if (syntax.test && durable) {
    return `the queues are configured in ${where}: set options.durable to true on each of them there; production is unchanged, durable is rascal's default`;
  }
  return `the queue is configured in ${where}: change it there`;
}

/**
 * `channelPrefetch: n` → `prefetch: n` (per consumer). A `prefetch` next to it that sends nothing
 * (0, false) goes; a real one stays, and then the change is left to a human.
 */
function renderQos(syntax: RascalQosSyntax): RenderResult {
  if (syntax.kind === 'setChannelPrefetch') return { ok: false, reason: 'setChannelPrefetch() has no per-consumer form' };
  const { prop, sibling } = syntax;
  if (sibling && !sibling.sendsNone) return { ok: false, reason: 'the subscription sets prefetch too: remove channelPrefetch if that per-consumer prefetch is enough' };
  const node = prop.node;
  if (node.type !== 'ObjectProperty' || node.computed || node.shorthand) return { ok: false, reason: 'channelPrefetch is not written as a plain property' };
  const key = node.key;
  const raw = prop.file.source(key);
  const text = key.type === 'StringLiteral' ? `${raw[0]}prefetch${raw[0]}` : 'prefetch';
  const rename = { start: key.start ?? 0, end: key.end ?? 0, text, file: prop.file.path };
  const removal = sibling ? editConfigObject(prop.file, prop.holder, [sibling.prop.node], []) : [];
  return { ok: true, edits: [rename, ...removal], touched: [prop.file.span(prop.holder)] };
}
