// A file analysed again after an edit, unit by unit (engine/units.ts): the units whose statements, and whatever else
// they read, are unchanged keep their results (moved with the edit); the others are analysed together, as a tree
// of their statements and the file's shared imports, with the whole file's text and the other units' facts.
import type * as t from '@babel/types';
import type { ConsumerReport, Finding, TextEdit } from '../model';
import type { DeclaredQueue } from '../rules/equivalence';
import { LineIndex } from '../text';
import { contentHash } from '../index/content-hash';
import { finishAnalysis, prepareAnalysis, queueFacts, type FileResult, type RuleQueries, type SourceInput } from './analyze';
import { channelLineage } from './link';
import type { AnalyzeOptions } from './options';
import { statementUnits } from './units';

/** What one unit gave, at the places its statements had in the text it was analysed in. */
interface UnitEntry<T> {
  key: string;
  /** Each statement's extent (with the text before it, back to the previous statement). */
  regions: [number, number][];
  findings: Finding[];
  extras: T[];
  edits: TextEdit[];
  consumers: ConsumerReport[];
  declared: DeclaredQueue[];
  /** The channels its consumers and prefetch calls are on: a unit on one of them is analysed with it. */
  channels: string[];
  /** The queues its rules asked about, with what the project declared of each then. */
  queried: [string, string][];
  /** Its texts name places of this file by line (`file:12`): a line moved makes them stale. */
  namesLines: boolean;
}

/**
 * Per document: the text last analysed and each unit's results. `context` is everything the whole file's
 * analysis reads besides its statements (options, the imports' texts, the other files read, the line width):
 * another context is a new cache.
 */
export class UnitCache<T> {
  text?: string;
  lines = 0;
  /** The lines of `text`: where a line a result names was, to find where it is now. */
  index?: LineIndex;
  context?: string;
  entries: UnitEntry<T>[] = [];
  /** Other files any kept result read (the caller's: their texts are part of its context). */
  reads = new Set<string>();
  /** The places the context stands for (see analyzeByUnits). */
  pinned: number[] = [];
  /** How the last analysis went: units kept, and units analysed (undefined: the whole file was). */
  last?: { kept: number; analysed: number };

  clear(): void {
    this.text = undefined;
    this.context = undefined;
    this.entries = [];
    this.reads = new Set();
  }
}

/** A marker comment the suppressions read by line: such a file is analysed whole. */
const SUPPRESSION = 'rabbitmq4-codemod-ignore';
/** Rounds of widening the analysed units (a unit joined through a channel or a queue it shares) before the whole file is. */
const MAX_ROUNDS = 4;

export interface UnitAnalysis<T> {
  result: FileResult;
  /** Per finding, what `extra` said of it when its unit was analysed. */
  extras: Map<Finding, T>;
}

/**
 * The analysis of one file (analysed alone: `options.index` holds it only), or undefined when it must be analysed
 * whole (it does not parse, it has suppression comments, a finding lies outside every unit). `tree`: its parsed
 * tree (the caller's incremental parse). `extra(finding, result)`: what a caller keeps per finding, computed from the
 * fresh result (its model) when the finding's unit is analysed. `context`: see UnitCache.
 */
export function analyzeByUnits<T>(
  input: SourceInput & { absolute: string },
  tree: t.File,
  options: AnalyzeOptions,
  cache: UnitCache<T>,
  context: string,
  extra: (f: Finding, r: FileResult) => T,
  /** Places of the text the context stands for by line (the project's first prefetch call): moved, not replaced, they keep it. */
  pinned: readonly number[] = [],
): UnitAnalysis<T> | undefined {
  if (input.text.includes(SUPPRESSION)) return fail(cache);
  const text = input.text;
  const body = tree.program.body;
  const plan = statementUnits(tree.program, (spec) => !spec.startsWith('.') && !spec.startsWith('/'));
  const regions = body.map((s, i): [number, number] => [i === 0 ? 0 : body[i - 1].end!, s.end!]);
  // The shared statements (imports of libraries) are read by every unit: another one is another context.
  const fullContext = `${context}\0${contentHash(plan.shared.map((i) => text.slice(regions[i][0], regions[i][1])).join('\0'))}`;
  const lines = new LineIndex(text);
  const lineCount = lines.position(text.length).line;
  const move = mover(cache.text === undefined ? undefined : { text: cache.text, lines: cache.lines }, text, lineCount);
  if (cache.context !== fullContext || !move || cache.pinned.length !== pinned.length || cache.pinned.some((p, n) => move.offset(p) !== pinned[n])) cache.clear();
  const keyOf = (statements: number[]) => contentHash(statements.map((i) => text.slice(regions[i][0], regions[i][1])).join('\0'));

  // Each unit: its results from the cache, moved to where its statements are now, or none (to analyse).
  const used = new Set<UnitEntry<T>>();
  const kept: (UnitEntry<T> | undefined)[] = plan.units.map((statements) => {
    if (!move || !cache.text) return undefined;
    const key = keyOf(statements);
    const mine = statements.map((i) => regions[i]);
    const before = cache.entries.find((e) => e.key === key && e.regions.length === mine.length && e.regions.every((r, n) => move.start(r[0]) === mine[n][0] && move.offset(r[1]) === mine[n][1]));
    if (!before) return undefined;
    // Every statement of it moved by as many lines (its consumers' rows say lines only), none if its texts name lines.
    const shifts = new Set(before.regions.map((r) => move.line(r[1])));
    const [shift] = shifts;
    if (shifts.size !== 1 || Number.isNaN(shift)) return undefined;
    // A line its texts name (`file.ts:12`) is named where it is now, if it is outside the edit.
    const relines = before.namesLines && move.lineDelta !== 0 ? relined(input.path, cache.index!, move, lines) : undefined;
    const result = moved(before, mine, move, lines, input.path, cache.index, relines);
    if (!result) return undefined;
    used.add(before);
    return result;
  });
  const removed = cache.entries.filter((e) => !used.has(e));
  // Channels that are not what they were: those of the units analysed now, before and after.
  const changedChannels = new Set(removed.flatMap((e) => e.channels));
  let fresh = new Map<number, UnitEntry<T>>();
  let analysed = new Set(kept.flatMap((k, u) => (k ? [] : [u])));
  for (let round = 0; ; round++) {
    if (round === MAX_ROUNDS) return fail(cache);
    fresh = new Map();
    if (analysed.size) {
      const got = analyseUnits([...analysed].sort((a, b) => a - b), plan, regions, input, tree, options, kept, lines, extra);
      if (!got) return fail(cache);
      fresh = got;
    }
    for (const e of fresh.values()) for (const c of e.channels) changedChannels.add(c);
    // The declarations as the project has them now, by queue name: a kept unit that asked about a queue whose
    // declarations changed, or that is on a channel a changed unit is on, is analysed too.
    const facts = factsByName(plan.units.map((_, u) => fresh.get(u)?.declared ?? kept[u]?.declared ?? []));
    const more = plan.units.flatMap((_, u) => {
      const k = kept[u];
      if (!k || analysed.has(u)) return [];
      const stale = k.queried.some(([name, was]) => (facts.get(name) ?? '') !== was) || k.channels.some((c) => changedChannels.has(c));
      return stale ? [u] : [];
    });
    if (!more.length) break;
    analysed = new Set([...analysed, ...more]);
  }

  const entries = plan.units.map((_, u) => fresh.get(u) ?? kept[u]!);
  cache.text = text;
  cache.pinned = [...pinned];
  cache.lines = lineCount;
  cache.index = lines;
  cache.context = fullContext;
  cache.entries = entries;
  cache.last = { kept: plan.units.length - analysed.size, analysed: analysed.size };
  return merged(entries, input);
}

function fail<T>(cache: UnitCache<T>): undefined {
  cache.clear();
  cache.last = undefined;
  return undefined;
}

/**
 * The units' statements analysed together with the shared ones, the kept units' declarations standing for theirs;
 * each result given to the unit whose statements hold it. Undefined when one lies outside them.
 */
function analyseUnits<T>(
  units: number[],
  plan: ReturnType<typeof statementUnits>,
  regions: [number, number][],
  input: SourceInput & { absolute: string },
  tree: t.File,
  options: AnalyzeOptions,
  kept: (UnitEntry<T> | undefined)[],
  lines: LineIndex,
  extra: (f: Finding, r: FileResult) => T,
): Map<number, UnitEntry<T>> | undefined {
  const statements = [...plan.shared, ...units.flatMap((u) => plan.units[u])].sort((a, b) => a - b);
  const body = tree.program.body;
  const partial = { ...tree, program: { ...tree.program, body: statements.map((i) => body[i]) } } as t.File;
  const prepared = prepareAnalysis([{ path: input.path, text: input.text, absolute: input.absolute, ast: partial }], options);
  const facts = queueFacts(prepared);
  if (facts.dependencies) return undefined;
  const fresh = facts.byFile.find(([file]) => file === input.path)?.[1] ?? [];
  const unitAt = (offset: number) => unitOfOffset(offset, plan.unitOf, regions);
  // The project's declarations in file order: the kept units' and the fresh ones, each in its unit's place.
  const declared = plan.units.flatMap((_, u) => (units.includes(u) ? fresh.filter((d) => unitAt(d.place.start) === u) : (kept[u]?.declared ?? [])));
  if (fresh.some((d) => !units.includes(unitAt(d.place.start)))) return undefined;
  // What each unit's rules asked of the project (asked for a subject of no unit: every analysed unit's).
  const queried = new Map<number, Set<string>>();
  const channels = new Map<number, Set<string>>();
  let asking = -1;
  const note = (into: Map<number, Set<string>>, value: string) => {
    for (const u of asking === -1 ? units : [asking]) {
      let set = into.get(u);
      if (!set) into.set(u, (set = new Set()));
      set.add(value);
    }
  };
  const queries: RuleQueries = {
    queue: (name) => note(queried, name),
    channel: (key) => note(channels, key),
    subject: (at) => {
      const u = at.file === input.path ? unitAt(at.start) : -1;
      asking = units.includes(u) ? u : -1;
    },
  };
  const analysis = finishAnalysis(prepared, declared, queries);
  const result = analysis.files.find((f) => f.path === input.path);
  if (!result || result.status !== 'analysed' || analysis.files.some((f) => f !== result && (f.findings.length || f.edits.length))) return undefined;
  const byName = factsByName(plan.units.map((_, u) => (units.includes(u) ? fresh.filter((d) => unitAt(d.place.start) === u) : (kept[u]?.declared ?? []))));
  const out = new Map<number, UnitEntry<T>>();
  for (const u of units) {
    out.set(u, {
      key: '',
      regions: plan.units[u].map((i) => regions[i]),
      findings: [],
      extras: [],
      edits: [],
      consumers: [],
      declared: fresh.filter((d) => unitAt(d.place.start) === u),
      channels: [],
      queried: [...(queried.get(u) ?? [])].map((name) => [name, byName.get(name) ?? '']),
      namesLines: false,
    });
  }
  const entryAt = (offset: number) => out.get(unitAt(offset));
  for (const f of result.findings) {
    const e = entryAt(f.start);
    if (!e) return undefined;
    e.findings.push(f);
    e.extras.push(extra(f, result));
  }
  for (const edit of result.edits) {
    const e = entryAt(edit.start);
    if (!e) return undefined;
    e.edits.push(edit);
  }
  // The consumers table has a row per consumer of the model, in its order.
  const model = result.model;
  const rows = model?.consumers ?? [];
  if (rows.length !== result.consumers.length) return undefined;
  for (let k = 0; k < rows.length; k++) {
    const e = entryAt(rows[k].at.start);
    if (!e) return undefined;
    e.consumers.push(result.consumers[k]);
  }
  for (const s of [...rows, ...(model?.qos ?? [])]) {
    const e = entryAt(s.at.start);
    if (!e) return undefined;
    e.channels.push(...channelLineage(s.channel, s.at.file), ...(s.callerChannel ? channelLineage(s.callerChannel, s.at.file) : []));
  }
  for (const [u, e] of out) {
    e.key = contentHash(plan.units[u].map((i) => input.text.slice(regions[i][0], regions[i][1])).join('\0'));
    e.channels = [...new Set([...e.channels, ...(channels.get(u) ?? [])])].filter(sharable(input.path));
    e.namesLines = namesLinesOf(input.path, e);
  }
  return out;
}

/**
 * The channels two units can share without one naming the other: those made in other files, and those the engine
 * knows only by a local name (every untraced `ch` of the file is one). A channel made in this file (its key holds
 * its place, `param:file#423`) reaches another statement only through a name, which joins the two into one unit.
 */
const sharable = (path: string) => (key: string) => !key.includes(`${path}#`) || key.includes(`${path}#local:`);

/** The unit of the top-level statement whose region holds `offset` (-1: a shared statement, or none). */
function unitOfOffset(offset: number, unitOf: number[], regions: [number, number][]): number {
  let lo = 0;
  let hi = regions.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (offset < regions[mid][0]) hi = mid - 1;
    else if (offset >= regions[mid][1]) lo = mid + 1;
    else return unitOf[mid];
  }
  return -1;
}

/**
 * The declarations of each queue name, as a key (built for the names asked about): their order, shapes and files.
 * Not their places: a text that names another declaration's line has it rewritten where the line moved (`relined`).
 */
function factsByName(perUnit: DeclaredQueue[][]): { get(name: string): string | undefined } {
  const out = new Map<string, DeclaredQueue[]>();
  for (const list of perUnit) {
    for (const d of list) {
      const l = out.get(d.name);
      if (l) l.push(d);
      else out.set(d.name, [d]);
    }
  }
  const keys = new Map<string, string>();
  return {
    get(name) {
      const list = out.get(name);
      if (!list) return undefined;
      let key = keys.get(name);
      if (key === undefined) keys.set(name, (key = JSON.stringify(list.map((d) => ({ ...d, place: { file: d.place.file } })))));
      return key;
    },
  };
}

/** Whether the unit's texts name a place of this file by line (`path:12`). */
function namesLinesOf<T>(path: string, e: UnitEntry<T>): boolean {
  const needle = `${path}:`;
  const texts = JSON.stringify([e.findings, e.edits, e.consumers]);
  return texts.includes(needle);
}

/** How offsets of the text last analysed map into this one: one replaced region between a common start and end. */
interface Move {
  /** The offset in the new text of an offset that is not in the replaced region (a region's end or a place in it). */
  offset(old: number): number;
  /** The same for where a region starts (just after an insertion, not before it). */
  start(old: number): number;
  /** Lines an offset moved by (NaN inside the replaced region). */
  line(old: number): number;
  /** Lines the text has more (or fewer). */
  lineDelta: number;
}

function mover(before: { text: string; lines: number } | undefined, after: string, lines: number): Move | undefined {
  if (before === undefined) return undefined;
  const old = before.text;
  const shortest = Math.min(old.length, after.length);
  let prefix = 0;
  while (prefix < shortest && old.charCodeAt(prefix) === after.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (suffix < shortest - prefix && old.charCodeAt(old.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)) suffix++;
  const oldEnd = old.length - suffix;
  const delta = after.length - old.length;
  const lineDelta = lines - before.lines;
  return {
    offset: (o) => (o <= prefix ? o : o >= oldEnd ? o + delta : NaN),
    start: (o) => (o >= oldEnd ? o + delta : o <= prefix ? o : NaN),
    line: (o) => (o <= prefix ? 0 : o >= oldEnd ? lineDelta : NaN),
    lineDelta,
  };
}

/** Rewrites the lines a text names in this file (`path:12`) to where they are now; undefined if one was in the edit. */
type Relines = (text: string) => string | undefined;

function relined(path: string, before: LineIndex, move: Move, lines: LineIndex): Relines {
  const named = new RegExp(`(^|[^\\w./@-])${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:(\\d+)`, 'g');
  return (text) => {
    let lost = false;
    const out = text.replace(named, (all, lead: string, line: string) => {
      const now = move.offset(before.offset(Number(line), 1));
      if (Number.isNaN(now)) lost = true;
      return `${lead}${path}:${Number.isNaN(now) ? line : lines.position(now).line}`;
    });
    return lost ? undefined : out;
  };
}

/**
 * A kept unit's results where its statements are now (`now`: their regions in the new text), the lines its texts
 * name rewritten by `relines`; undefined if a line it names was in the edit.
 */
function moved<T>(e: UnitEntry<T>, now: [number, number][], move: Move, lines: LineIndex, path: string, before: LineIndex | undefined, relines?: Relines): UnitEntry<T> | undefined {
  if (relines) {
    const texts = relinedTexts(e, relines);
    if (!texts) return undefined;
    e = texts;
  }
  const at = (o: number) => move.offset(o);
  const pos = (o: number) => lines.position(o);
  const span = <S extends { file?: string; start: number; end: number }>(s: S): S => (s.file === undefined || s.file === path ? { ...s, start: at(s.start), end: at(s.end) } : s);
  const located = <S extends { file: string; start: number; end: number; line: number; column: number; endLine: number; endColumn: number }>(s: S): S => {
    if (s.file !== path) return s;
    const start = at(s.start);
    const end = at(s.end);
    const a = pos(start);
    const b = pos(end);
    return { ...s, start, end, line: a.line, column: a.column, endLine: b.line, endColumn: b.column };
  };
  const findings = e.findings.map((f) => {
    const out = located(f);
    return {
      ...out,
      anchor: at(f.anchor),
      ...(f.related ? { related: f.related.map(located) } : {}),
      fix: { ...f.fix, ...(f.fix.edits ? { edits: f.fix.edits.map(span) } : {}), ...(f.fix.optIn ? { optIn: { ...f.fix.optIn, edits: f.fix.optIn.edits.map(span) } } : {}) },
    };
  });
  // A consumer's row says lines only (its own, where its values come from, who calls it): each moved as its place did.
  let lost = false;
  const line = (l: number) => {
    if (move.lineDelta === 0) return l;
    const now = move.offset(before!.offset(l, 1));
    if (Number.isNaN(now)) lost = true;
    return Number.isNaN(now) ? l : lines.position(now).line;
  };
  const consumers = e.consumers.map((c) => relineRows(c, path, line) as ConsumerReport);
  if (lost) return undefined;
  const declared = e.declared.map((d) => (d.place.file === path ? { ...d, place: located(d.place) } : d));
  return { ...e, regions: now, findings, edits: e.edits.map(span), consumers, declared };
}

/** A consumer's row with every line of this file it holds (`{ file, line }` at any depth) passed through `line`. */
function relineRows(value: unknown, path: string, line: (l: number) => number): unknown {
  if (Array.isArray(value)) return value.map((v) => relineRows(v, path, line));
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = relineRows(v, path, line);
  if (out.file === path && typeof out.line === 'number') out.line = line(out.line);
  return out;
}

/** The unit's results with every text that can name a line of the file passed through `relines`. */
function relinedTexts<T>(e: UnitEntry<T>, relines: Relines): UnitEntry<T> | undefined {
  let lost = false;
  const re = (text: string | undefined) => {
    if (text === undefined) return text;
    const out = relines(text);
    if (out === undefined) lost = true;
    return out ?? text;
  };
  const edit = (x: TextEdit) => ({ ...x, text: re(x.text)! });
  const findings = e.findings.map((f) => ({
    ...f,
    message: re(f.message)!,
    ...(f.related ? { related: f.related.map((r) => ({ ...r, message: re(r.message)! })) } : {}),
    fix: { ...f.fix, description: re(f.fix.description)!, ...(f.fix.existingQueue !== undefined ? { existingQueue: re(f.fix.existingQueue) } : {}), ...(f.fix.edits ? { edits: f.fix.edits.map(edit) } : {}), ...(f.fix.optIn ? { optIn: { description: re(f.fix.optIn.description)!, edits: f.fix.optIn.edits.map(edit) } } : {}) },
  }));
  const consumers = e.consumers.map((c) => JSON.parse(re(JSON.stringify(c))!) as ConsumerReport);
  const out = { ...e, findings, edits: e.edits.map(edit), consumers };
  return lost ? undefined : out;
}

/** The file's result from its units' (findings and edits in the order a whole analysis gives them). */
function merged<T>(entries: UnitEntry<T>[], input: SourceInput & { absolute: string }): UnitAnalysis<T> {
  const extras = new Map<Finding, T>();
  const findings: Finding[] = [];
  for (const e of entries) {
    e.findings.forEach((f, n) => {
      // A copy: a caller may change what it is given (a severity), the cache keeps what the rules said.
      const copy = { ...f };
      findings.push(copy);
      extras.set(copy, e.extras[n]);
    });
  }
  findings.sort((a, b) => a.start - b.start || a.ruleId.localeCompare(b.ruleId));
  const seen = new Set<string>();
  const edits = entries
    .flatMap((e) => e.edits)
    .filter((x) => {
      const k = `${x.start}:${x.end}:${x.text}`;
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    })
    .sort((a, b) => a.start - b.start || a.end - b.end);
  const consumers = entries.flatMap((e) => e.consumers);
  return { result: { path: input.path, absolute: input.absolute, text: input.text, status: 'analysed', findings, edits, consumers }, extras };
}
