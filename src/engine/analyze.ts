// The engine: files parsed and modelled by the clients, wrappers expanded, rules run, findings and edits made.
import { CLIENTS, clientByName } from '../clients';
import type * as t from '@babel/types';
import type { FileContext } from '../resolve/file-context';
import type { RenderResult } from '../fix/render-result';
import { ParsedFile } from '../parse/ast';
import { isJsonPath, parseSource, type ParseError, type ParseResult } from '../parse';
import { ValueResolver } from '../resolve/values';
import { SEVERITY_RANK, type RelatedLocation, type Consumer, type FileModel, type Finding, type FixIntent, type QueueDeclaration, type QueueType, type Span, type Subject, type TextEdit, type ConsumerReport } from '../model';
import { DECLARATION_RULES, subjectChecks } from '../rules';
import type { DeclarationRule, RuleContext, RuleMeta, Violation } from '../rules/types';
import { declaredQueuesOf, indexDeclared, standaloneScript } from './declared-queues';
import { packageDirOf } from './package-dir';
import { canMeet, deployAdvice, redeclareAdvice, shapeOf, type DeclaredQueue, type StandaloneScript } from '../rules/equivalence';
import { annotationEdit } from '../fix/annotate';
import { lineWidthFor } from '../fix/line-width';
import { applyIntents, describeIntent, sameIntent } from '../fix/intents';
import { premisesOf, unmetPremise } from '../fix/premises';
import { ruleEnabled, type AnalyzeOptions } from './options';
import { Suppressions } from './suppressions';
import { unusedSuppressions } from './unused-suppressions';
import { channelKey, channelLineage, linkQos } from './link';
import { SpanIndex } from './span-index';
import * as path from 'node:path';
import { Project } from '../resolve/project';
import { DISK, overlayHost } from '../index/module-resolution';
import { parseJson } from '../parse/json';
import { instantiate } from './instantiate';
import { libraryDefaultsNote } from './library-defaults';
import { settleSubscriptions } from './subscriptions';
import { consumerVerdicts } from './verdicts';
import { isDependencyManifest, modelManifest } from '../deps';
import { markUnreached } from './unreached';
import { factsOf, mentionsClient, selectCandidates } from './candidates';
import { ProjectIndex } from '../index/project-index';
import { settleAckFromHandler } from './ack-from-handler';
import { renderDependency } from '../deps/render';
import { settleAmbiguousReceivers, type AmbiguousFindings } from './ambiguous-receivers';

export interface SourceInput {
  /** The path as reported (relative to the working directory, with `/`). */
  path: string;
  text: string;
  /** Absolute path (default: `path` resolved against the working directory). */
  absolute?: string;
  /**
   * The tree to analyse instead of the text's own: some of its top-level statements (engine/unit-analysis.ts), at
   * their places in `text`, which every question about the file's text reads.
   */
  ast?: t.File;
}

export type FileStatus = 'analysed' | 'not-relevant' | 'parse-error';

export interface FileResult {
  path: string;
  absolute: string;
  text: string;
  /** `dependency`: not an input, but a module an import led to, which a fix edits. */
  status: FileStatus | 'dependency';
  error?: ParseError;
  model?: FileModel;
  findings: Finding[];
  /** Every edit `fix` would make to this file (rewrites and annotations), non-overlapping. */
  edits: TextEdit[];
  consumers: ConsumerReport[];
}

export interface Analysis {
  options: AnalyzeOptions;
  files: FileResult[];
}

interface FileState {
  result: FileResult;
  ctx?: FileContext;
  suppressions?: Suppressions;
  /** Where the file's own prefetch calls are, as the clients read them (before helpers are expanded per call). */
  prefetchCalls?: Span[];
}

interface Checked {
  meta: RuleMeta;
  violation: Violation;
}

interface DeclarationPlan {
  decl: QueueDeclaration;
  state: FileState;
  checked: Checked[];
  intents: FixIntent[];
  rewrite?: { edits: TextEdit[]; touched: Span[] };
  /** Why the declaration is annotated instead of rewritten. */
  notRewritten?: string;
}

/** Every client library's object shapes, for the project-level tracker. */
const SHAPES = CLIENTS.flatMap((c) => c.shapes ?? []);

/** True if the file's text names a supported client at all (one of the reasons a file is parsed). */
export const isRelevant = mentionsClient;

/** Analyse a set of files as one project: models, findings and the edits a fix would make. */
export function analyze(inputs: SourceInput[], options: AnalyzeOptions, hooks?: AnalyzeHooks): Analysis {
  return finishAnalysis(prepareAnalysis(inputs, options, hooks));
}

export interface AnalyzeHooks {
  /** Called after each input is read into the project (parsed and modelled, or left out). */
  onFile?: () => void;
}

/** A project with every input modelled (wrappers expanded), before any rule runs: the first half of `analyze`. */
export interface PreparedAnalysis {
  options: AnalyzeOptions;
  states: Map<string, FileState>;
  stateFor: (file: string) => FileState;
  /** Calls that fit two clients' APIs whose readings the rules judge differently: the infos each reports instead. */
  ambiguous: AmbiguousFindings;
}

export function prepareAnalysis(inputs: SourceInput[], options: AnalyzeOptions, hooks?: AnalyzeHooks): PreparedAnalysis {
  const cwd = options.cwd ?? process.cwd();
  const display = (absolute: string) => path.relative(cwd, absolute).split(path.sep).join('/');
  const absoluteOf = (input: SourceInput) => input.absolute ?? path.resolve(cwd, input.path);
  const overlay = new Map(inputs.map((i) => [absoluteOf(i), i.text]));
  const host = overlayHost(overlay, options.followImports === false ? undefined : (options.files ?? DISK));
  const parse = (absolute: string, text: string, parser: () => ParseResult) => options.parseCache?.parse(absolute, text, parser) ?? parser();
  // The project's files and their facts: given by a run over the whole project, or the inputs alone.
  const index = options.index ?? new ProjectIndex(host, inputs.map((i) => ({ absolute: absoluteOf(i), path: i.path, facts: factsOf(i.path, i.text) })));
  const project: Project = new Project(host, index, (absolute, text): FileContext | undefined => openContext(display(absolute), absolute, text, project, parse), SHAPES);
  const selection = options.selection ?? selectCandidates(index, options.parseEverything);
  const libraries = new Set(selection.libraries);
  // A library whose objects another one hands out is in use too (amqplib channels from ACM's setup, NestJS's RmqContext).
  for (const s of SHAPES) if (libraries.has(s.library)) for (const y of s.yields ?? []) libraries.add(y);
  project.libraries = libraries;
  project.packages = new Set(selection.packages);
  const states = new Map<string, FileState>();
  for (const input of inputs) {
    const absolute = absoluteOf(input);
    const state = load(input, absolute, project, parse, selection.parse.has(absolute), libraries, options.parseEverything);
    states.set(input.path, state);
    hooks?.onFile?.();
  }
  const stateFor = (file: string): FileState => {
    let state = states.get(file);
    if (!state) {
      const absolute = path.resolve(cwd, file);
      const ctx = project.context(absolute);
      // A file of the project the selection left out, or one outside it that an import led to.
      const status = index.has(absolute) ? 'not-relevant' : 'dependency';
      const result: FileResult = { path: file, absolute, text: ctx?.file.text ?? '', status, findings: [], edits: [], consumers: [] };
      state = { result, ctx, suppressions: ctx ? new Suppressions(ctx.file) : undefined };
      states.set(file, state);
    }
    if (!state.ctx && state.result.status === 'not-relevant') {
      // An input the prefilter skipped, reached through an import: parse it now.
      state.ctx = project.context(state.result.absolute);
      if (state.ctx) state.suppressions = new Suppressions(state.ctx.file);
    }
    if (!state.result.model && state.ctx) state.result.model = emptyModel(file);
    return state;
  };
  expandWrappers([...states.values()], project, stateFor);
  placeIgnoredOptions([...states.values()], stateFor);
  settleSubscriptions([...states.values()].flatMap((s) => (s.result.model ? [{ model: s.result.model, absolute: s.result.absolute }] : [])), (a, b) => index.connected(a, b));
  markUnreached([...states.values()].flatMap((s) => (s.result.model ? [s.result.model] : [])), options, (file) => stateFor(file).ctx);
  linkQos([...states.values()].flatMap((s) => (s.result.model ? [{ model: s.result.model, file: s.ctx?.file }] : [])), selection.prefetchAt, (p) => states.get(p)?.ctx?.file ?? project.context(path.resolve(cwd, p))?.file);
  const models = [...states.values()].flatMap((s) => (s.result.model ? [s.result.model] : []));
  const ambiguous = settleAmbiguousReceivers(models, () => ruleContext(queueFacts({ options, states, stateFor, ambiguous: new Map() }).byFile.flatMap(([, e]) => e), [...states.values()], options), (id) => ruleEnabled(options, id));
  return { options, states, stateFor, ambiguous };
}

/**
 * The queue declarations of each file as the broker compares them (in declaration order), the project-wide
 * facts the rules read (each queue's type, the other declarations of a queue); `dependencies` is true if a
 * file that is not an input contributes any.
 */
export function queueFacts(prepared: PreparedAnalysis): { byFile: [string, DeclaredQueue[]][]; dependencies: boolean } {
  const byFile: [string, DeclaredQueue[]][] = [];
  let dependencies = false;
  const scriptOf = scriptsOf(prepared);
  for (const [file, s] of prepared.states) {
    const entries = s.result.model && s.ctx ? declaredQueuesOf(s.result.model, s.ctx.file, prepared.options, scriptOf) : [];
    if (!entries.length) continue;
    if (s.result.status === 'dependency') dependencies = true;
    byFile.push([file, entries]);
  }
  return { byFile, dependencies };
}

/**
 * A file of the project the analysis read without modelling it (a config module a value comes from): the tracker
 * or the resolver opened it already, so naming what a consumers row's value is read from costs no new parse.
 */
function loadedFile(ctx: FileContext, reported: string, options: AnalyzeOptions): ParsedFile | undefined {
  const absolute = path.resolve(options.cwd ?? process.cwd(), reported);
  return ctx.resolver.project?.loaded().find(([a]) => a === absolute)?.[1].file;
}

/** Which reported files are standalone scripts (engine/declared-queues.ts), each looked up once. */
function scriptsOf(prepared: PreparedAnalysis): (file: string) => StandaloneScript | undefined {
  const project = [...prepared.states.values()].find((s) => s.ctx?.resolver.project)?.ctx?.resolver.project;
  const known = new Map<string, StandaloneScript | undefined>();
  return (file) => {
    if (known.has(file)) return known.get(file);
    const s = prepared.states.get(file);
    const script = project && s?.ctx ? standaloneScript({ path: file, absolute: s.result.absolute, text: s.result.text }, (a) => project.index.importersOf(a), (a) => packageDirOf(project, a) ?? '') : undefined;
    known.set(file, script);
    return script;
  };
}

/** What the rules asked of the project while they ran: the queues by name, the consumers on a channel. */
export interface RuleQueries {
  queue(name: string): void;
  channel(key: string): void;
  /** The subject the questions that follow are asked for (until the next). */
  subject?(at: Span): void;
}

/**
 * The second half of `analyze`: rules, fixes, findings. `declared` replaces the project's own facts (a partition of
 * a larger project); `queries` is told what the rules ask of the project (what the results depend on beyond the files).
 */
export function finishAnalysis(prepared: PreparedAnalysis, declared?: readonly DeclaredQueue[], queries?: RuleQueries): Analysis {
  const { options, states, stateFor, ambiguous } = prepared;
  const all = () => [...states.values()];
  const plain = ruleContext(declared ?? queueFacts(prepared).byFile.flatMap(([, entries]) => entries), all(), options);
  const ruleCtx = queries ? observed(plain, queries) : plain;
  const rules = DECLARATION_RULES.filter((r) => ruleEnabled(options, r.meta.id));
  const lineOf = (span: Span) => stateFor(span.file).ctx?.file.lines.position(span.start).line ?? 1;

  const plans: DeclarationPlan[] = [];
  for (const state of all()) {
    for (const decl of state.result.model?.declarations ?? []) {
      queries?.subject?.(decl.at);
      const checked = (ambiguous.has(decl) ? settledChecks(ambiguous.get(decl)!, rules) : checkDeclaration(rules, decl, ruleCtx)).filter((c) => !isSuppressed(state, decl, c.meta.id, c.violation));
      if (checked.length) plans.push(plan(decl, state, checked, rules, ruleCtx, options));
    }
  }
  resolveSharedEdits(plans, all(), lineOf);
  const route = (edit: TextEdit, fallback: string) => stateFor(edit.file ?? fallback).result.edits.push(edit);
  const atHelpers = new Map<string, Finding>();
  /** Findings about a consumer that are reported elsewhere (at its options in a helper), for its row in the consumers table. */
  const attributed = new Map<Subject, Finding[]>();
  for (const p of plans) {
    queries?.subject?.(p.decl.at);
    emitDeclaration(p, options, lineOf, route, { stateFor, atHelpers }, ruleCtx);
  }
  for (const state of all()) {
    if (!state.result.model || !state.ctx) continue;
    for (const check of subjectChecks()) {
      if (!ruleEnabled(options, check.meta.id)) continue;
      for (const subject of check.subjects(state.result.model)) {
        queries?.subject?.(subject.at);
        const settled = ambiguous.get(subject);
        for (const violation of settled ? settled.filter((f) => f.ruleId === check.meta.id).map((f) => f.violation) : check.run(subject, ruleCtx)) {
          const elsewhere = optionsElsewhere(subject, violation) ?? helperPlacement(subject, violation, stateFor);
          if (elsewhere) emitAtOptions(subject, elsewhere, check.meta, violation, options, lineOf, route, { stateFor, atHelpers }, attributed);
          else if (!isSuppressed(state, subject, check.meta.id, violation)) emitSubject(state, subject, check.meta, violation, options, lineOf, route);
        }
      }
    }
    state.result.consumers = consumerVerdicts(state.result.model, state.result.findings, state.ctx.file, attributed, (p) => states.get(p)?.ctx?.file ?? loadedFile(state.ctx!, p, options));
  }
  for (const state of all()) {
    if (state.result.status === 'analysed' && state.ctx && state.suppressions) state.result.findings.push(...unusedSuppressions(state.ctx.file, state.suppressions, options));
    finishFile(state);
  }
  const results = all().map((s) => s.result).filter((r) => r.status !== 'dependency' || r.edits.length || r.findings.length);
  return { options, files: results };
}

function emptyModel(file: string): FileModel {
  return { file, declarations: [], consumers: [], qos: [], publishes: [], opens: [], bindings: [], links: [], exchanges: [], queueDeletions: [] };
}

/** Parses a source file's text (through the caller's cache, if any; JSON is not worth caching). */
type Parse = (absolute: string, text: string, parser: () => ParseResult) => ParseResult;

function openContext(display: string, absolute: string, text: string, project: Project, parse: Parse): FileContext | undefined {
  const parsed = absolute.endsWith('.json') ? parseJson(text) : parse(absolute, text, () => parseSource(text, absolute));
  if (!parsed.ok) return undefined;
  const file = new ParsedFile(display, text, parsed.ast);
  return { file, resolver: new ValueResolver(file, project, absolute), shared: new Map() };
}

function load(input: SourceInput, absolute: string, project: Project, parse: Parse, selected: boolean, libraries: ReadonlySet<string>, everything = false): FileState {
  const result: FileResult = { path: input.path, absolute, text: input.text, status: 'not-relevant', findings: [], edits: [], consumers: [] };
  const state: FileState = { result };
  if (!selected) return state;
  if (isDependencyManifest(input.path)) return loadManifest(state);
  const parsed: ParseResult = input.ast ? { ok: true, ast: input.ast } : isJsonPath(input.path) ? parseSource(input.text, input.path) : parse(absolute, input.text, () => parseSource(input.text, input.path));
  if (!parsed.ok) {
    result.status = 'parse-error';
    result.error = parsed.error;
    return state;
  }
  // An earlier input's import may have opened this file already: keep that context, whose nodes resolved values refer to.
  const opened = project.opened(absolute);
  const file = opened?.file ?? new ParsedFile(input.path, input.text, parsed.ast);
  const ctx: FileContext = opened ?? { file, resolver: new ValueResolver(file, project, absolute), shared: new Map() };
  project.add(absolute, ctx);
  const model = emptyModel(input.path);
  // A client whose objects can come from another module reads every file the project selected; the others, the files that name them.
  for (const client of CLIENTS) if (everything || client.mentions.test(input.text) || (client.shapes && libraries.has(client.name))) client.analyze(ctx, model);
  result.status = 'analysed';
  result.model = model;
  state.ctx = ctx;
  state.suppressions = new Suppressions(file);
  return state;
}

/** package.json or a lock file: the client libraries it installs, for the rules that read dependencies. */
function loadManifest(state: FileState): FileState {
  const { result } = state;
  const modelled = modelManifest(result.path, result.text, result.absolute);
  if (!modelled.ok) {
    result.status = 'parse-error';
    result.error = modelled.error;
    return state;
  }
  const file = new ParsedFile(result.path, result.text, modelled.ast);
  state.ctx = { file, resolver: new ValueResolver(file), shared: new Map() };
  state.suppressions = new Suppressions(file);
  result.status = 'analysed';
  result.model = { ...emptyModel(result.path), dependencies: modelled.pins };
  return state;
}

/**
 * A declaration in a wrapper function is judged at each call of the wrapper, with that call's arguments. An instance
 * (`via` set) is already read at its calls, through wrappers of wrappers: it is not read again from the file of the
 * call it was placed at, whatever order the files come in.
 */
function expandWrappers(states: FileState[], project: Project, stateFor: (file: string) => FileState): void {
  for (const state of states) state.prefetchCalls = state.result.model?.qos.map((q) => q.at);
  for (const state of states) {
    const model = state.result.model;
    if (!model || !state.ctx) continue;
    for (const decl of model.declarations.filter((d) => !d.via)) {
      const expanded = instantiate(decl, { ctx: state.ctx, absolute: state.result.absolute }, project);
      if (!expanded) continue;
      model.declarations.splice(model.declarations.indexOf(decl), 1);
      for (const { decl: inst } of expanded) stateFor(inst.at.file).result.model!.declarations.push(inst);
    }
    // A consumer inside a helper whose queue or acknowledgement mode each caller decides: one per call site.
    for (const consumer of model.consumers.filter((c) => !c.via)) {
      const expanded = instantiate(consumer, { ctx: state.ctx, absolute: state.result.absolute }, project);
      if (!expanded) continue;
      model.consumers.splice(model.consumers.indexOf(consumer), 1);
      for (const { decl: inst } of expanded) stateFor(inst.at.file).result.model!.consumers.push(inst);
    }
    // A prefetch whose count, or whether it runs at all (`if (prefetch)`), each caller decides.
    for (const qos of model.qos.filter((q) => !q.via)) {
      const expanded = instantiate(qos, { ctx: state.ctx, absolute: state.result.absolute }, project);
      if (!expanded) continue;
      model.qos.splice(model.qos.indexOf(qos), 1);
      for (const { decl: inst } of expanded) stateFor(inst.at.file).result.model!.qos.push(inst);
    }
  }
  // A prefetch call that never runs (every caller leaves its condition false) sets nothing; a
  // consumer whose handler acks each message runs with manual ack, whatever its options hide.
  for (const state of states) {
    const model = state.result.model;
    if (!model) continue;
    model.qos = model.qos.filter((q) => !(q.runs?.kind === 'known' && !q.runs.value));
    model.consumers = model.consumers.filter((c) => !(c.runs?.kind === 'known' && !c.runs.value));
    for (const consumer of model.consumers) settleAckFromHandler(consumer);
  }
}

/** An option a caller passes to a helper that drops it is found at the helper's library call, and reported in the caller's file. */
function placeIgnoredOptions(states: FileState[], stateFor: (file: string) => FileState): void {
  for (const state of states) {
    const model = state.result.model;
    const elsewhere = model?.ignoredOptions?.filter((o) => o.at.file !== model.file);
    if (!model || !elsewhere?.length) continue;
    model.ignoredOptions = model.ignoredOptions!.filter((o) => o.at.file === model.file);
    for (const o of elsewhere) {
      const home = stateFor(o.at.file).result.model;
      const list = home && (home.ignoredOptions ??= []);
      if (list && !list.some((x) => x.at.start === o.at.start)) list.push(o);
    }
  }
}

function ruleContext(declared: readonly DeclaredQueue[], states: FileState[], options: AnalyzeOptions): RuleContext {
  // Consumers and prefetch calls are matched by channel across the project (engine/link.ts).
  // A passive declaration only checks the queue: it says nothing about its type (declared-queues.ts leaves it out).
  const { byName, types: queueTypes } = indexDeclared(declared);
  const streamQueues = new Set([...queueTypes].filter(([, t]) => t === 'stream').map(([n]) => n));
  // Built on first use (the models are complete by then), so a project-wide lookup is not a scan of every file.
  let consumersByChannel: Map<string, Consumer[]> | undefined;
  return {
    target: options.target,
    ...(options.defaultQueueType !== undefined ? { defaultQueueType: options.defaultQueueType } : {}),
    declaredQueues: (name) => byName.get(name) ?? [],
    streamQueues,
    queueTypes,
    consumersOn: (qos) => (consumersByChannel ??= indexConsumers(states)).get(channelKey(qos.channel, qos.at.file)) ?? [],
  };
}

/** A rule context that tells `queries` every queue name and channel the rules ask about. */
function observed(ctx: RuleContext, queries: RuleQueries): RuleContext {
  return {
    ...ctx,
    declaredQueues: (name) => (queries.queue(name), ctx.declaredQueues(name)),
    queueTypes: new WatchedMap(ctx.queueTypes, queries),
    streamQueues: new WatchedSet(ctx.streamQueues, queries),
    consumersOn: (qos) => {
      for (const key of channelLineage(qos.channel, qos.at.file)) queries.channel(key);
      return ctx.consumersOn(qos);
    },
  };
}

/** A map by queue name that tells who asks which names. */
class WatchedMap<V> extends Map<string, V> {
  constructor(
    entries: Iterable<[string, V]>,
    private readonly queries: RuleQueries,
  ) {
    super(entries);
  }

  override get(name: string): V | undefined {
    this.queries.queue(name);
    return super.get(name);
  }

  override has(name: string): boolean {
    this.queries.queue(name);
    return super.has(name);
  }
}

class WatchedSet extends Set<string> {
  constructor(
    names: Iterable<string>,
    private readonly queries: RuleQueries,
  ) {
    super(names);
  }

  override has(name: string): boolean {
    this.queries.queue(name);
    return super.has(name);
  }
}

/** Every consumer of the project, by its channel (in project order). */
function indexConsumers(states: FileState[]): Map<string, Consumer[]> {
  const out = new Map<string, Consumer[]>();
  for (const s of states) {
    for (const c of s.result.model?.consumers ?? []) {
      // A consumer on one of the channels a factory makes per call is also on the factory's channel (engine/link.ts).
      for (const key of channelLineage(c.channel, c.at.file)) {
        const list = out.get(key);
        if (list) list.push(c);
        else out.set(key, [c]);
      }
    }
  }
  return out;
}

/** The infos an ambiguous declaration reports (engine/ambiguous-receivers.ts), as its rules' checks. */
function settledChecks(settled: { ruleId: string; violation: Violation }[], rules: readonly DeclarationRule[]): Checked[] {
  return settled.flatMap((f) => rules.filter((r) => r.meta.id === f.ruleId).map((r) => ({ meta: r.meta, violation: f.violation })));
}

function checkDeclaration(rules: readonly DeclarationRule[], decl: QueueDeclaration, ctx: RuleContext): Checked[] {
  return rules.flatMap((rule) => rule.checkDeclaration(decl, ctx).map((violation) => ({ meta: rule.meta, violation })));
}

function isSuppressed(state: FileState, subject: Subject, ruleId: string, violation: Violation): boolean {
  const lines = state.ctx!.file.lines;
  const at = violation.focus ?? subject.at;
  const candidates = [lines.position(at.start).line, lines.position(subject.at.start).line, lines.position(subject.statementStart).line];
  return state.suppressions!.suppressed(ruleId, candidates);
}

const matters = (v: Violation) => SEVERITY_RANK[v.severity] >= SEVERITY_RANK.warning;

function usable(v: Violation, options: AnalyzeOptions): boolean {
  if (!v.intents?.length) return false;
  if (options.safeOnly && v.risky) return false;
  if (v.unsafeIntents && !options.unsafeFixes) return false;
  return true;
}

/**
 * Collects the rewrites for one declaration, re-checking the rewritten declaration until the rules
 * find nothing left to rewrite. The rewrite is kept only if the result is legal by the rules' own model.
 */
function plan(decl: QueueDeclaration, state: FileState, checked: Checked[], rules: readonly DeclarationRule[], ctx: RuleContext, options: AnalyzeOptions): DeclarationPlan {
  const p: DeclarationPlan = { decl, state, checked, intents: [] };
  let current = decl;
  for (let round = 0; round < 6; round++) {
    const pending = checkDeclaration(rules, current, ctx).filter((c) => matters(c.violation) && usable(c.violation, options));
    const fresh = pending.flatMap((c) => c.violation.intents!).filter((i) => !p.intents.some((j) => sameIntent(i, j)));
    if (fresh.length === 0) break;
    p.intents.push(...fresh);
    current = applyIntents(decl, p.intents);
  }
  if (p.intents.length === 0) return p;
  if (decl.rewriteBlocked) {
    p.notRewritten = decl.rewriteBlocked;
    return p;
  }
  // Each rewrite's premise, checked on the declaration as the code writes it (fix/premises.ts).
  const unmet = unmetPremise(decl, p.intents);
  if (unmet) {
    p.notRewritten = unmet;
    return p;
  }
  // Only a refusal left over defeats the rewrite; a warning without a fix is annotated next to it.
  const left = checkDeclaration(rules, current, ctx).filter((c) => c.violation.severity === 'error' && !(c.violation.intents?.length && !usable(c.violation, options)));
  if (left.length) {
    p.notRewritten = `no safe rewrite makes it legal (${left[0].violation.message})`;
    return p;
  }
  const rendered = render(decl, p.intents, state);
  if (rendered.ok) p.rewrite = { edits: inFile(rendered.edits, decl.at.file), touched: rendered.touched };
  else p.notRewritten = rendered.reason;
  return p;
}

function render(subject: Subject, intents: FixIntent[], state: FileState): RenderResult {
  if (subject.kind === 'dependency') return renderDependency(subject, intents, state.result.text);
  // A literal replaced where it is written (its premise: inside the subject's call), the same text in every client.
  const literals = intents.filter((i): i is Extract<FixIntent, { kind: 'set-stream-offset' }> => i.kind === 'set-stream-offset');
  if (literals.length && literals.length === intents.length) return { ok: true, edits: literals.map((i) => ({ file: i.at.file, start: i.at.start, end: i.at.end, text: i.text })), touched: literals.map((i) => i.at) };
  const client = clientByName(subject.client);
  return client ? client.render(subject, intents, state.ctx!) : { ok: false, reason: `no renderer for ${subject.client}` };
}

const editKey = (e: TextEdit) => `${e.start}:${e.end}:${e.text}`;

/** Edits with the file they go to said explicitly: a finding may be reported in another file than its edits' (a helper's). */
const inFile = (edits: TextEdit[], file: string): TextEdit[] => edits.map((e) => (e.file ? e : { ...e, file }));

/**
 * A rewrite may edit a value that other declarations read too (a shared constant or options object)
 * only if each of them wants exactly the same edit there. Otherwise every such rewrite is annotated.
 */
function resolveSharedEdits(plans: DeclarationPlan[], states: FileState[], lineOf: (s: Span) => number): void {
  // Declarations by the spans they read a value from, in project order.
  const readers = new SpanIndex<QueueDeclaration>();
  for (const s of states) for (const d of s.result.model?.declarations ?? []) for (const span of d.dependsOn) readers.add(span, d);
  const planOf = new Map(plans.map((p) => [p.decl, p]));
  let changed = true;
  while (changed) {
    changed = false;
    for (const p of plans) {
      if (!p.rewrite) continue;
      for (const t of p.rewrite.touched) {
        const mine = editsWithin(p, t);
        const other = readers.overlapping(t).find((d) => {
          if (d === p.decl) return false;
          const q = planOf.get(d);
          return !q?.rewrite || editsWithin(q, t) !== mine;
        });
        if (other) {
          p.rewrite = undefined;
          p.notRewritten = `the value it would change is shared with ${other.callee} at ${other.at.file}:${lineOf(other.at)}, which does not need the same change; change it for this declaration only`;
          changed = true;
          break;
        }
      }
    }
  }
}

function editsWithin(p: DeclarationPlan, t: Span): string {
  return p
    .rewrite!.edits.filter((e) => e.start >= t.start && e.end <= t.end && (e.file ?? p.decl.at.file) === t.file)
    .map(editKey)
    .sort()
    .join('|');
}

type Route = (edit: TextEdit, fallbackFile: string) => void;

/** Where declarations seen through a helper are reported: each file's state, and the findings already placed in helpers. */
interface Placement {
  stateFor: (file: string) => FileState;
  atHelpers: Map<string, Finding>;
}

function emitDeclaration(p: DeclarationPlan, options: AnalyzeOptions, lineOf: (s: Span) => number, route: Route, placement: Placement, ctx: RuleContext): void {
  const firstRewrite = p.checked.find((c) => usable(c.violation, options))?.violation;
  const deploy = p.rewrite ? sameDeploy(p, ctx) : undefined;
  const redeclare = p.rewrite ? oldCodeAdvice(p, ctx) : undefined;
  for (const { meta, violation: checked } of p.checked) {
    // The rewrite's first finding names the other declarations of the queue the same deploy must change, and what old code meets.
    const notes = checked === firstRewrite ? [deploy?.text, redeclare].filter(Boolean) : [];
    const first = checked === firstRewrite;
    const violation = notes.length ? { ...checked, existingQueue: [checked.existingQueue, ...notes].filter(Boolean).join(' '), related: [...(checked.related ?? []), ...(deploy?.related ?? [])] } : checked;
    const rewritten = !!p.rewrite && usable(violation, options) && matters(violation);
    let description: string | undefined;
    if (rewritten) {
      description = violation.intents!.map(describeIntent).join('; ');
      const consequences = p.intents.filter((i) => !p.checked.some((c) => c.violation.intents?.some((j) => sameIntent(i, j))));
      if (consequences.length && first) description += `; and, so that the result is legal: ${consequences.map(describeIntent).join('; ')}`;
    }
    const fix = {
      rewrite: rewritten ? { edits: p.rewrite!.edits, description: description!, premises: premisesOf(p.intents) } : undefined,
      notRewritten: violation.intents?.length && usable(violation, options) ? p.notRewritten : undefined,
    };
    const helper = p.decl.via && inHelper(p, violation, fix.rewrite?.edits, placement) ? p.decl.via : undefined;
    if (!helper) {
      emitFinding(p.state, p.decl, meta, violation, fix, lineOf, route);
      continue;
    }
    // The refused value is written in the helper: one finding there, each call of the helper a related place.
    // A library-mode reading is its helper's own declaration: no call of it to point at.
    const call = sameSpan(p.decl.at, helper.declaredAt) ? undefined : relatedAt(p.state.ctx!.file, p.decl.at, `called here${p.decl.name.kind === 'unknown' ? '' : ` (queue '${p.decl.name.value}')`}`);
    const key = `${meta.id}|${helper.declaredAt.file}:${helper.declaredAt.start}`;
    const placed = placement.atHelpers.get(key);
    if (placed) {
      if (call) placed.related!.push(call);
      if (placed.queue !== (p.decl.name.kind === 'unknown' ? undefined : p.decl.name.value)) placed.queue = undefined;
      continue;
    }
    const home = placement.stateFor(helper.declaredAt.file);
    const subject: QueueDeclaration = { ...p.decl, at: helper.declaredAt, statementStart: helper.declaredStatement, via: undefined };
    if (!home.ctx || isSuppressed(home, subject, meta.id, violation)) continue;
    const finding = emitFinding(home, subject, meta, violation, fix, lineOf, route);
    finding.related = [...(call ? [call] : []), ...(finding.related ?? [])];
    placement.atHelpers.set(key, finding);
  }
  if (p.rewrite) for (const e of p.rewrite.edits) route(e, p.decl.at.file);
}

/** What the rewrite of a declaration means for the other declarations of its queue (see deployAdvice). */
function sameDeploy(p: DeclarationPlan, ctx: RuleContext): ReturnType<typeof deployAdvice> {
  const { decl } = p;
  if (decl.name.kind === 'unknown' || decl.name.value === '') return undefined;
  const others = ctx.declaredQueues(decl.name.value);
  const me = others.find((d) => d.place.file === decl.at.file && d.place.start === decl.at.start);
  return me && others.length > 1 ? deployAdvice(me, shapeOf(applyIntents(decl, p.intents), ctx), others) : undefined;
}

/** What old code declaring the queue as before meets once the rewrite has made it (see redeclareAdvice). */
function oldCodeAdvice(p: DeclarationPlan, ctx: RuleContext): string | undefined {
  const { decl } = p;
  if (decl.name.kind === 'unknown' || decl.name.value === '' || p.checked.some((c) => c.violation.neverAccepted)) return undefined;
  const all = ctx.declaredQueues(decl.name.value);
  const me = all.find((d) => d.place.file === decl.at.file && d.place.start === decl.at.start);
  const declarers = all.filter((d) => !me || canMeet(me, d)).map((d) => d.place);
  const existing = p.checked.some((c) => c.violation.risky);
  return redeclareAdvice(decl.name.value, me?.vhost ?? '/', shapeOf(decl, ctx), shapeOf(applyIntents(decl, p.intents), ctx), declarers, existing);
}

/**
 * Whether a finding of a declaration seen through a helper belongs in the helper: where its fix goes (the
 * rewrite's first edit), else where the refused value is written, is inside the function that declares the
 * queue; a library default the helper leaves in place counts as written there.
 */
function inHelper(p: DeclarationPlan, violation: Violation, edits: TextEdit[] | undefined, placement: Placement): boolean {
  const via = p.decl.via!;
  const edit = edits?.[0];
  const site: Span | undefined = edit ? { file: edit.file ?? p.decl.at.file, start: edit.start, end: edit.end } : violation.focus;
  if (!site) return !dependsOnCaller(p.decl);
  if (site.file !== via.declaredAt.file) return false;
  const file = placement.stateFor(via.declaredAt.file).ctx?.file;
  return !!file && inFunctionAround(file, via.declaredAt, site);
}

const sameSpan = (a: Span, b: Span) => a.file === b.file && a.start === b.start && a.end === b.end;

function relatedAt(file: ParsedFile, span: Span, message: string): RelatedLocation {
  const start = file.lines.position(span.start);
  const end = file.lines.position(span.end);
  return { file: span.file, start: span.start, end: span.end, line: start.line, column: start.column, endLine: end.line, endColumn: end.column, message };
}

/** A declaration instance whose options object is a caller's argument: a default missing from it is the caller's to add. */
function dependsOnCaller(decl: QueueDeclaration): boolean {
  return decl.dependsOn.some((s) => s.file === decl.at.file && s.start >= decl.at.start && s.end <= decl.at.end);
}

/**
 * Whether `value` is the helper's own: written in a function around `at` (its body or parameters, also when `at` is in
 * a callback inside it: `.then((ch) => ch.consume(q, h, { noAck }))` under `function subscribe(q, h, { noAck = true } = {})`),
 * or at its module's top level, outside every function (`const QUEUE_OPTIONS = { durable: false }` beside the helper).
 */
function inFunctionAround(file: ParsedFile, at: Span, value: Span): boolean {
  const around = file.functionsAround(value);
  if (!around.length) return true;
  const whole = { start: Math.min(at.start, value.start), end: Math.max(at.end, value.end) };
  return around.some((fn) => (fn.start ?? 0) <= whole.start && whole.end <= (fn.end ?? 0));
}

/** The innermost function around a span, as offsets. */
function enclosingFunctionOf(file: ParsedFile, at: Span): { start: number; end: number } | undefined {
  const fn = file.innermostFunction(at);
  return fn ? { start: fn.start ?? 0, end: fn.end ?? 0 } : undefined;
}

/** Whether the function around `at` makes a prefetch call of the clients' model (whether or not it runs for a given call). */
function setsPrefetch(state: FileState, at: Span): boolean {
  const file = state.ctx?.file;
  const fn = file && enclosingFunctionOf(file, at);
  return !!fn && (state.prefetchCalls ?? []).some((q) => q.start >= fn.start && q.end <= fn.end);
}

/** A consumer whose finding is about a value its options (written in another file) leave to the library. */
function optionsElsewhere(subject: Subject, violation: Violation): NonNullable<Consumer['optionsAt']> | undefined {
  if (subject.kind !== 'consumer' || !subject.optionsAt) return undefined;
  const value = violation.focus ?? violation.valueAt;
  if (value && value.file === subject.at.file) return undefined;
  return subject.optionsAt;
}

/**
 * A consumer or prefetch seen through a call of the helper that makes it: its finding belongs in the helper
 * when the value it is about is written there, or is a default the helper leaves (no prefetch set, noAck left out).
 */
function helperPlacement(subject: Subject, violation: Violation, stateFor: (file: string) => FileState): NonNullable<Consumer['optionsAt']> | undefined {
  if ((subject.kind !== 'consumer' && subject.kind !== 'qos') || !subject.via) return undefined;
  // The channel is the caller's (`consumeOrders(ch)`) and the helper sets no prefetch itself: a prefetch
  // it lacks goes on the caller's channel, at the call. (A helper with its own, conditional prefetch keeps it.)
  if (subject.kind === 'consumer' && violation.aboutChannel && subject.callerChannel && !setsPrefetch(stateFor(subject.via.declaredAt.file), subject.via.declaredAt)) return undefined;
  // The helper's object offers a prefetch on its channel through another method (`adapter.setPrefetch(n)`) that this
  // call's code does not call first: the fix is the caller's, at the call.
  if (subject.kind === 'consumer' && violation.aboutChannel && subject.prefetchOffered && !setsPrefetch(stateFor(subject.via.declaredAt.file), subject.via.declaredAt)) return undefined;
  const { declaredAt, declaredStatement } = subject.via;
  const value = violation.focus ?? violation.valueAt;
  if (value) {
    const file = stateFor(declaredAt.file).ctx?.file;
    if (!file || value.file !== declaredAt.file || !inFunctionAround(file, declaredAt, value)) return undefined;
  }
  return { span: declaredAt, statementStart: declaredStatement };
}

/** The finding at the consumer's options, once for all the consumers that use them; each consumer a related place. */
function emitAtOptions(consumer: Subject, at: NonNullable<Consumer['optionsAt']>, meta: RuleMeta, violation: Violation, options: AnalyzeOptions, lineOf: (s: Span) => number, route: Route, placement: Placement, attributed: Map<Subject, Finding[]>): void {
  const home = placement.stateFor(at.span.file);
  const call = sameSpan(consumer.at, at.span) ? undefined : relatedAt(placement.stateFor(consumer.at.file).ctx!.file, consumer.at, (consumer.kind === 'consumer' || consumer.kind === 'qos') && consumer.via ? 'called here' : 'consumes here');
  const key = `${meta.id}|${at.span.file}:${at.span.start}`;
  const placed = placement.atHelpers.get(key);
  const attribute = (f: Finding) => attributed.set(consumer, [...(attributed.get(consumer) ?? []), f]);
  if (placed) {
    if (call) placed.related!.push(call);
    attribute(placed);
    return;
  }
  const subject = { ...consumer, at: at.span, statementStart: at.statementStart } as Subject;
  if (!home.ctx || isSuppressed(home, subject, meta.id, violation)) return;
  emitSubject(home, subject, meta, violation, options, lineOf, route);
  const finding = home.result.findings[home.result.findings.length - 1];
  finding.related = call ? [call] : [];
  placement.atHelpers.set(key, finding);
  attribute(finding);
}

/** Consumers, prefetch calls, publishes and opens: each violation is fixed (or not) on its own. */
function emitSubject(state: FileState, subject: Subject, meta: RuleMeta, violation: Violation, options: AnalyzeOptions, lineOf: (s: Span) => number, route: Route): void {
  let rewrite: { edits: TextEdit[]; description: string; premises?: string[] } | undefined;
  let optIn: { edits: TextEdit[]; description: string } | undefined;
  let notRewritten: string | undefined;
  if (violation.intents?.length && matters(violation)) {
    const unmet = unmetPremise(subject, violation.intents);
    const rendered: RenderResult = unmet ? { ok: false, reason: unmet } : render(subject, violation.intents, state);
    const description = violation.intents.map(describeIntent).join('; ');
    if (!rendered.ok) notRewritten = rendered.reason;
    else if (usable(violation, options)) rewrite = { edits: inFile(rendered.edits, subject.at.file), description, premises: premisesOf(violation.intents) };
    else if (violation.unsafeIntents) optIn = { edits: inFile(rendered.edits, subject.at.file), description };
  }
  emitFinding(state, subject, meta, violation, { rewrite, optIn, notRewritten: usable(violation, options) ? notRewritten : undefined }, lineOf, route);
  if (rewrite) for (const e of rewrite.edits) route(e, subject.at.file);
}

function emitFinding(
  state: FileState,
  subject: Subject,
  meta: RuleMeta,
  violation: Violation,
  fix: { rewrite?: { edits: TextEdit[]; description: string; premises?: string[] }; optIn?: { edits: TextEdit[]; description: string }; notRewritten?: string },
  lineOf: (s: Span) => number,
  route: Route,
): Finding {
  const file = state.ctx!.file;
  // Report at the subject; a value set elsewhere (a shared constant) is named in the message.
  const inside = violation.focus && violation.focus.file === subject.at.file && violation.focus.start >= subject.at.start && violation.focus.end <= subject.at.end;
  const focus = inside ? violation.focus! : subject.at;
  let message = violation.message;
  if (violation.focus && !inside) message += ` The value is set at ${violation.focus.file}:${lineOf(violation.focus)}.`;
  if ('untraced' in subject && subject.untraced) message += ` (${subject.untraced[0].toUpperCase()}${subject.untraced.slice(1)}.)`;
  if (subject.kind === 'queue-declaration' && subject.via) message += ` (Declared by ${subject.via.callee} at ${subject.via.declaredAt.file}:${lineOf(subject.via.declaredAt)}.)`;
  if ('libraryDefaults' in subject && subject.libraryDefaults) message += ` (${libraryDefaultsNote(subject.libraryDefaults)}.)`;
  if (subject.kind === 'consumer' && subject.fromDeclaration) message += ` (${subject.fromDeclaration[0].toUpperCase()}${subject.fromDeclaration.slice(1)}.)`;
  const start = file.lines.position(focus.start);
  const end = file.lines.position(focus.end);
  let kind: Finding['fix']['kind'] = 'none';
  // The advice in the library's own terms, when the client says it differently.
  const advice = (subject.kind === 'dependency' || violation.ownAdvice ? undefined : clientByName(subject.client)?.advice?.(subject, meta.id, violation.advice)) ?? violation.advice;
  let description = advice;
  let edits: TextEdit[] | undefined;
  if (fix.rewrite) {
    kind = 'rewrite';
    description = fix.rewrite.description;
    edits = fix.rewrite.edits;
  } else if (matters(violation) && isDependencyManifest(file.path)) {
    // Report only: lock files belong to their package manager, and package.json holds no marker comment.
    if (fix.notRewritten) description = `${advice} (not rewritten: ${fix.notRewritten})`;
  } else if (matters(violation)) {
    kind = 'annotate';
    if (fix.notRewritten) description = `${advice} (not rewritten: ${fix.notRewritten})`;
    // JSON has no comments: a finding in a JSON configuration file stays for a human, unmarked.
    const marker = isJsonPath(file.path) ? undefined : annotationEdit(file.text, subject.statementStart, meta.id, description, lineWidthFor(state.result.absolute));
    const edit = marker && { ...marker, file: subject.at.file };
    if (edit) {
      route(edit, subject.at.file);
      edits = [edit];
    }
  }
  const queue = subject.kind === 'queue-declaration' ? subject.name : subject.kind === 'consumer' || subject.kind === 'queue-deletion' ? subject.queue : undefined;
  const finding: Finding = {
    ruleId: meta.id,
    severity: violation.severity,
    file: subject.at.file,
    start: focus.start,
    end: focus.end,
    anchor: subject.statementStart,
    line: start.line,
    column: start.column,
    endLine: end.line,
    endColumn: end.column,
    message,
    client: subject.client,
    queue: queue && queue.kind !== 'unknown' ? queue.value : undefined,
    brokerError: violation.brokerError,
    ...(violation.related?.length ? { related: violation.related.map((r) => ({ ...r.place, message: r.message })) } : {}),
    fix: {
      kind,
      description,
      ...(edits ? { edits } : {}),
      ...(fix.optIn ? { optIn: fix.optIn } : {}),
      ...(fix.rewrite?.premises?.length ? { premises: fix.rewrite.premises } : {}),
      ...(fix.rewrite && violation.existingQueue ? { existingQueue: violation.existingQueue } : {}),
    },
  };
  state.result.findings.push(finding);
  return finding;
}

function finishFile(state: FileState): void {
  const seen = new Set<string>();
  state.result.edits = state.result.edits
    .filter((e) => {
      const k = editKey(e);
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    })
    .sort((a, b) => a.start - b.start || a.end - b.end);
  state.result.findings.sort((a, b) => a.start - b.start || a.ruleId.localeCompare(b.ruleId));
}
