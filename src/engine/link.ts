// Links each consumer to the prefetch in force on its channel, across the project: the last one set
// before it in its file, else one set on the same channel elsewhere (where the channel is made, another
// method of the class, another module), but not one its own function sets only after it starts consuming.
import type { ParsedFile } from '../parse/ast';
import { unknown, type Consumer, type FileModel, type Qos, type Span } from '../model';
import { keyLineage } from '../resolve/objects/traced';
import { functionName } from '../resolve/values';

export interface LinkInput {
  model: FileModel;
  /** The parsed file the model is of (absent for manifests). */
  file?: ParsedFile;
}

const AMQPLIB_FAMILY = new Set(['amqplib', 'amqp-connection-manager']);

/**
 * `prefetchAt`: where the project sets a prefetch on some channel (`file:line`), if it does anywhere; `fileAt`: a file of
 * the project by its reported path (to name that call, whichever part of the project this run models).
 */
export function linkQos(inputs: LinkInput[], prefetchAt?: string, fileAt?: (path: string) => ParsedFile | undefined): void {
  // By channel, and within a channel by file, in source order: each consumer looks at its own channel only.
  const byChannel = new Map<string, Map<string, Qos[]>>();
  const files = new Map<string, ParsedFile>();
  for (const { model, file } of inputs) {
    if (file) files.set(model.file, file);
    for (const q of model.qos) {
      // A helper's prefetch on its channel parameter also counts on the channel its caller passes.
      for (const channel of q.callerChannel ? [q.channel, q.callerChannel] : [q.channel]) {
        const key = channelKey(channel, q.at.file);
        let perFile = byChannel.get(key);
        if (!perFile) byChannel.set(key, (perFile = new Map()));
        const list = perFile.get(q.at.file);
        if (list) list.push(q);
        else perFile.set(q.at.file, [q]);
      }
    }
  }
  for (const perFile of byChannel.values()) for (const list of perFile.values()) list.sort((a, b) => a.at.start - b.at.start);
  for (const { model } of inputs) {
    for (const c of model.consumers) {
      // One of the channels a factory makes per call: its own prefetch, else the one the factory set on every channel it makes.
      for (const key of channelLineage(c.channel, c.at.file)) {
        const perFile = byChannel.get(key);
        if (!perFile) continue;
        const after = c.qosAfter;
        link(c, perFile, files);
        c.qosAfter ??= after;
        if (c.qos) break;
      }
      // A helper's channel parameter: the prefetch its caller set on the channel it passes.
      const callers = !c.qos && c.callerChannel ? byChannel.get(channelKey(c.callerChannel, c.at.file)) : undefined;
      if (callers) link(c, callers, files, true);
      // Another method of the object the consumer's helper is called on, called before it (`adapter.setPrefetch(n)`).
      if (!c.qos && c.siteOn) for (const key of channelLineage(c.channel, c.at.file)) if ((c.qos = earlierOnReceiver(c, byChannel.get(key), files))) break;
      // None before it, but another method of that object sets one on the channel it holds: the caller did not call it.
      if (!c.qos && c.siteOn) for (const key of channelLineage(c.channel, c.at.file)) if ((c.prefetchOffered = offeredOnReceiver(c, byChannel.get(key), files))) break;
      // A prefetch read as a library caller that passes nothing gets it, but made by another method of the consumer's
      // object (`qos(n)` beside `consume(queue, fn)`): such a caller never calls that method, and one that does picks n.
      // Its callers decide (none traced): like an untraced channel in a project that sets a prefetch, nothing says unbounded.
      const setter = c.qos?.libraryDefaults && !c.site ? otherMethod(c.qos, c.via?.declaredAt ?? c.at, files) : undefined;
      if (setter && c.qos) {
        c.prefetch = unknown(`it is set only by the object's ${setter} on the channel it holds, with the count its callers pass, and no call of it is traced`, c.qos.count.kind === 'known' ? c.qos.count.origin : c.qos.at);
        c.qos = undefined;
        c.prefetchElsewhere = true;
      }
      // A prefetch read as a caller of the library that passes nothing gets it: so is the consumer's verdict.
      if (c.qos?.libraryDefaults) c.libraryDefaults ??= c.qos.libraryDefaults;
      // A channel the consumer's own function opens gets only the prefetch set on it: none is none.
      if (c.untraced && !c.ownChannel && AMQPLIB_FAMILY.has(c.client) && !c.qos && !c.prefetch && prefetchAt) {
        c.prefetch = untracedPrefetch(prefetchAt, prefetchCallAt(prefetchAt, fileAt));
        c.prefetchElsewhere = true;
      }
    }
  }
}

/** A channel identity across the project (the tracker's, holding a `#`), or one that means something in its file only. */
export const channelKey = (channel: string, file: string) => (channel.includes('#') ? channel : `${file}#local:${channel}`);

/** A channel's identity and those of the factory channels it is one of (most specific first). */
export const channelLineage = (channel: string, file: string): string[] => keyLineage(channelKey(channel, file));

function link(c: Consumer, perFile: Map<string, Qos[]>, files: Map<string, ParsedFile>, callersChannel = false): void {
  // A consumer read at one call of a helper links to the prefetch read at the same call, not at the others
  // (on the channel a caller passes, any prefetch made on that channel counts, wherever it is read).
  const mine = (q: Qos) => callersChannel || !c.site || !q.site || q.site === c.site;
  const here = (perFile.get(c.at.file) ?? []).filter(mine);
  let before: Qos | undefined;
  let after: Qos | undefined;
  for (const q of here) {
    if (q.at.start < c.at.start) before = q;
    else if (q.at.start > c.at.start) {
      after = q;
      break;
    }
  }
  c.qos = before;
  c.qosAfter = after;
  if (c.qos) return;
  const file = files.get(c.at.file);
  const own = file && innermostFunction(file, c.at);
  // Set after the consume in its own function: too late. Anywhere else (another function or file): in force.
  const laterHere = (q: Qos) => q.at.file === c.at.file && q.at.start > c.at.start && (!file || innermostFunction(file, q.at) === own);
  for (const list of perFile.values()) {
    const elsewhere = list.find((q) => mine(q) && !laterHere(q));
    if (elsewhere) {
      c.qos = elsewhere;
      c.qosAfter = undefined;
      return;
    }
  }
}

/**
 * The prefetch on the consumer's channel read at a call of another helper on the same receiver, made before the
 * consumer's own call in the same function: `adapter.setPrefetch(prefetch); adapter.subscribe(queue, ...)`, where both
 * methods use the channel the adapter holds. The latest such call before the consumer's wins.
 */
function earlierOnReceiver(c: Consumer, perFile: Map<string, Qos[]> | undefined, files: Map<string, ParsedFile>): Qos | undefined {
  const mine = siteOffset(c.site);
  let found: Qos | undefined;
  for (const list of perFile?.values() ?? []) {
    for (const q of list) {
      // Another helper's call (setPrefetch, then subscribe): two calls of one helper keep their own reading (see link).
      if (q.siteOn !== c.siteOn || q.site === c.site || sameHelper(q, c, files)) continue;
      const at = siteOffset(q.site);
      if (at < mine && (!found || at > siteOffset(found.site))) found = q;
    }
  }
  return found;
}

/**
 * The method of the consumer's helper object that sets a prefetch on the channel the object holds (`setPrefetch(count)`
 * beside `subscribe(queue, handler)`), where the consumer's own call has none before it: its name, for the finding
 * placed at that call. A prefetch written in the consumer's own helper function is not another method's.
 */
function offeredOnReceiver(c: Consumer, perFile: Map<string, Qos[]> | undefined, files: Map<string, ParsedFile>): string | undefined {
  const helper = c.via?.declaredAt;
  const file = helper && files.get(helper.file);
  if (!file) return undefined;
  const own = file.innermostFunction(helper);
  const inOwn = (at: Span) => !!own && at.file === helper.file && (own.start ?? 0) <= at.start && at.end <= (own.end ?? 0);
  const all = [...(perFile?.values() ?? [])].flat();
  // The helper sets one itself (`if (prefetch) this.prefetch(prefetch)`): its own condition decides, not a missing call.
  // (read at the consumer's own call, through a method the helper calls: `this.prefetch(n)` in `registerConsumer(q, n)`).
  const sameCall = (at: Span) => at.file === c.at.file && at.start === c.at.start && at.end === c.at.end;
  if (all.some((q) => inOwn(q.at) || sameCall(q.at) || (q.via && inOwn(q.via.declaredAt)))) return undefined;
  for (const q of all) {
    const name = otherMethod(q, helper, files);
    if (name) return name;
  }
  return undefined;
}

/** The method a prefetch is made in (`setPrefetch()`), when it is another method than the function around `consumerAt` in the same file. */
function otherMethod(q: Qos, consumerAt: Span, files: Map<string, ParsedFile>): string | undefined {
  const at = q.via?.declaredAt ?? q.at;
  const file = at.file === consumerAt.file ? files.get(at.file) : undefined;
  const fn = file?.innermostFunction(at);
  return file && fn && fn !== file.innermostFunction(consumerAt) && (fn.type === 'ClassMethod' || fn.type === 'ObjectMethod') ? functionName(fn) : undefined;
}

/** Whether a prefetch and a consumer are read through the same helper function (the place each was declared at). */
function sameHelper(q: Qos, c: Consumer, files: Map<string, ParsedFile>): boolean {
  const file = q.via && c.via && q.via.declaredAt.file === c.via.declaredAt.file ? files.get(q.via.declaredAt.file) : undefined;
  return !!file && innermostFunction(file, q.via!.declaredAt) === innermostFunction(file, c.via!.declaredAt);
}

/** The offset of a helper's call in its file (`src/a.ts:1714` → 1714). */
const siteOffset = (site: string | undefined): number => Number(site?.slice(site.lastIndexOf(':') + 1) ?? -1);

/** A consumer on a channel the tracker could not follow, in a project that sets a prefetch somewhere. */
function untracedPrefetch(prefetchAt: string, at: Span | undefined): Consumer['prefetch'] {
  return unknown(`its channel is not traced, and the project sets a prefetch on some channel (${prefetchAt}): whether one applies to this consumer cannot be told`, at);
}

/** The prefetch call written at `prefetchAt` (`file:line`, `x.prefetch(...)` or `x.qos(...)`): where a reviewer looks. */
function prefetchCallAt(prefetchAt: string, fileAt: ((path: string) => ParsedFile | undefined) | undefined): Span | undefined {
  const colon = prefetchAt.lastIndexOf(':');
  const file = fileAt?.(prefetchAt.slice(0, colon));
  const line = Number(prefetchAt.slice(colon + 1));
  const call = file && [...file.callsNamed('.prefetch'), ...file.callsNamed('.qos')].find((c) => file.lines.position(c.start ?? 0).line === line);
  return file && call ? file.span(call) : undefined;
}

/** The innermost function whose body holds the span (its start offset), or -1 at the top level. */
function innermostFunction(file: ParsedFile, at: Span): number {
  return file.innermostFunction(at)?.start ?? -1;
}
