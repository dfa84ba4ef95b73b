// Links each consumer to the prefetch in force on its channel, across the project: the last one set
// before it in its file, else one set on the same channel elsewhere (where the channel is made, another
// method of the class, another module), but not one its own function sets only after it starts consuming.
import { isFunction, type ParsedFile } from '../parse/ast';
import { unknown, type Consumer, type FileModel, type Qos, type Span } from '../model';

export interface LinkInput {
  model: FileModel;
  /** The parsed file the model is of (absent for manifests). */
  file?: ParsedFile;
}

const AMQPLIB_FAMILY = new Set(['amqplib', 'amqp-connection-manager']);

/** `prefetchAt`: where the project sets a prefetch on some channel (`file:line`), if it does anywhere. */
export function linkQos(inputs: LinkInput[], prefetchAt?: string): void {
  const byChannel = new Map<string, Qos[]>();
  const files = new Map<string, ParsedFile>();
  for (const { model, file } of inputs) {
    if (file) files.set(model.file, file);
    for (const q of model.qos) {
      const key = channelKey(q.channel, q.at.file);
      const list = byChannel.get(key);
      if (list) list.push(q);
      else byChannel.set(key, [q]);
    }
  }
  for (const { model } of inputs) {
    for (const c of model.consumers) link(c, byChannel.get(channelKey(c.channel, c.at.file)) ?? [], files);
    for (const c of model.consumers) if (c.untraced && AMQPLIB_FAMILY.has(c.client) && !c.qos && !c.prefetch && prefetchAt) c.prefetch = untracedPrefetch(prefetchAt);
  }
}

/** A channel identity across the project (the tracker's, holding a `#`), or one that means something in its file only. */
export const channelKey = (channel: string, file: string) => (channel.includes('#') ? channel : `${file}#local:${channel}`);

function link(c: Consumer, all: Qos[], files: Map<string, ParsedFile>): void {
  // A consumer read at one call of a helper links to the prefetch read at the same call, not at the others.
  const same = c.site ? all.filter((q) => !q.site || q.site === c.site) : all;
  const here = same.filter((q) => q.at.file === c.at.file);
  c.qos = here.filter((q) => q.at.start < c.at.start).sort((a, b) => a.at.start - b.at.start).pop();
  c.qosAfter = here.find((q) => q.at.start > c.at.start);
  if (c.qos) return;
  const file = files.get(c.at.file);
  const own = file && innermostFunction(file, c.at);
  const elsewhere = same.find((q) => !(q.at.file === c.at.file && q.at.start > c.at.start && (!file || innermostFunction(file, q.at) === own)));
  if (elsewhere) {
    c.qos = elsewhere;
    c.qosAfter = undefined;
  }
}

/** A consumer on a channel the tracker could not follow, in a project that sets a prefetch somewhere. */
function untracedPrefetch(prefetchAt: string): Consumer['prefetch'] {
  return unknown(`its channel is not traced, and the project sets a prefetch on some channel (${prefetchAt}): whether one applies to this consumer cannot be told`);
}

/** The innermost function whose body holds the span (its start offset), or -1 at the top level. */
function innermostFunction(file: ParsedFile, at: Span): number {
  let best = -1;
  let bestSize = Infinity;
  for (const node of functionsOf(file)) {
    const start = node.start ?? 0;
    const end = node.end ?? 0;
    if (start <= at.start && at.end <= end && end - start < bestSize) {
      best = start;
      bestSize = end - start;
    }
  }
  return best;
}

const FUNCTIONS = new WeakMap<ParsedFile, { start?: number | null; end?: number | null }[]>();

function functionsOf(file: ParsedFile) {
  let list = FUNCTIONS.get(file);
  if (!list) FUNCTIONS.set(file, (list = file.nodes.filter(isFunction)));
  return list;
}
