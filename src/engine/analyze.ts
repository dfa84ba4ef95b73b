import { CLIENTS, clientByName } from '../clients';
import type { FileContext } from '../clients/types';
import type { RenderResult } from '../clients/shared/amqplib-options';
import { ParsedFile } from '../parse/ast';
import { parseSource, type ParseError } from '../parse';
import { ValueResolver } from '../resolve/values';
import { SEVERITY_RANK, type FileModel, type Finding, type FixIntent, type QueueDeclaration, type Span, type TextEdit } from '../model';
import { DECLARATION_RULES } from '../rules';
import type { DeclarationRule, RuleContext, Violation } from '../rules/types';
import { queueTypeOf } from '../rules/queue-facts';
import { annotationEdit } from '../fix/annotate';
import { applyIntents, describeIntent, sameIntent } from '../fix/intents';
import { ruleEnabled, type AnalyzeOptions } from './options';
import { Suppressions } from './suppressions';
import type { ConsumerReport } from '../report/consumers';

export interface SourceInput {
  /** The path as reported (relative to the working directory, with `/`). */
  path: string;
  text: string;
}

export type FileStatus = 'analysed' | 'not-relevant' | 'parse-error';

export interface FileResult {
  path: string;
  text: string;
  status: FileStatus;
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
  input: SourceInput;
  result: FileResult;
  ctx?: FileContext;
  suppressions?: Suppressions;
}

interface Checked {
  rule: DeclarationRule;
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

/** True if the file can involve a supported client at all (the fast prefilter). */
export function isRelevant(text: string): boolean {
  return CLIENTS.some((c) => c.mentions.test(text));
}

/** Analyse a set of files as one project: models, findings and the edits a fix would make. */
export function analyze(inputs: SourceInput[], options: AnalyzeOptions): Analysis {
  const states = inputs.map(load);
  const ruleCtx: RuleContext = { target: options.target, streamQueues: streamQueueNames(states) };
  const rules = DECLARATION_RULES.filter((r) => ruleEnabled(options, r.meta.id));

  const plans: DeclarationPlan[] = [];
  for (const state of states) {
    for (const decl of state.result.model?.declarations ?? []) {
      const checked = check(rules, decl, ruleCtx).filter((c) => !isSuppressed(state, decl, c));
      if (checked.length) plans.push(plan(decl, state, checked, rules, ruleCtx, options));
    }
  }
  resolveSharedEdits(plans, states);
  for (const p of plans) emit(p, options);
  for (const state of states) finishFile(state);
  return { options, files: states.map((s) => s.result) };
}

function load(input: SourceInput): FileState {
  const result: FileResult = { path: input.path, text: input.text, status: 'not-relevant', findings: [], edits: [], consumers: [] };
  const state: FileState = { input, result };
  if (!isRelevant(input.text)) return state;
  const parsed = parseSource(input.text, input.path);
  if (!parsed.ok) {
    result.status = 'parse-error';
    result.error = parsed.error;
    return state;
  }
  const file = new ParsedFile(input.path, input.text, parsed.ast);
  const ctx: FileContext = { file, resolver: new ValueResolver(file), shared: new Map() };
  const model: FileModel = { file: input.path, declarations: [], consumers: [], qos: [] };
  for (const client of CLIENTS) if (client.mentions.test(input.text)) client.analyze(ctx, model);
  result.status = 'analysed';
  result.model = model;
  state.ctx = ctx;
  state.suppressions = new Suppressions(file);
  return state;
}

function streamQueueNames(states: FileState[]): Set<string> {
  const names = new Set<string>();
  for (const s of states) {
    for (const d of s.result.model?.declarations ?? []) {
      if (queueTypeOf(d) === 'stream' && d.name.kind !== 'unknown' && d.name.value) names.add(d.name.value);
    }
  }
  return names;
}

function check(rules: readonly DeclarationRule[], decl: QueueDeclaration, ctx: RuleContext): Checked[] {
  return rules.flatMap((rule) => rule.checkDeclaration(decl, ctx).map((violation) => ({ rule, violation })));
}

function isSuppressed(state: FileState, decl: QueueDeclaration, c: Checked): boolean {
  const lines = state.ctx!.file.lines;
  const at = c.violation.focus ?? decl.at;
  const candidates = [lines.position(at.start).line, lines.position(decl.at.start).line, lines.position(decl.statementStart).line];
  return state.suppressions!.suppressed(c.rule.meta.id, candidates);
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
    const pending = check(rules, current, ctx).filter((c) => matters(c.violation) && usable(c.violation, options));
    const fresh = pending.flatMap((c) => c.violation.intents!).filter((i) => !p.intents.some((j) => sameIntent(i, j)));
    if (fresh.length === 0) break;
    p.intents.push(...fresh);
    current = applyIntents(decl, p.intents);
  }
  if (p.intents.length === 0) return p;
  const left = check(rules, current, ctx).filter((c) => matters(c.violation) && !(c.violation.intents?.length && !usable(c.violation, options)));
  if (left.length) {
    p.notRewritten = `no safe rewrite makes it legal (${left[0].violation.message})`;
    return p;
  }
  const client = clientByName(decl.client);
  const rendered: RenderResult = client ? client.renderDeclaration(decl, p.intents, state.ctx!) : { ok: false, reason: `no renderer for ${decl.client}` };
  if (rendered.ok) p.rewrite = { edits: rendered.edits, touched: rendered.touched };
  else p.notRewritten = rendered.reason;
  return p;
}

const overlaps = (a: Span, b: Span) => a.file === b.file && a.start < b.end && b.start < a.end;
const editKey = (e: TextEdit) => `${e.start}:${e.end}:${e.text}`;

/**
 * A rewrite may edit a value that other declarations read too (a shared constant or options object)
 * only if each of them wants exactly the same edit there. Otherwise every such rewrite is annotated.
 */
function resolveSharedEdits(plans: DeclarationPlan[], states: FileState[]): void {
  let changed = true;
  while (changed) {
    changed = false;
    for (const p of plans) {
      if (!p.rewrite) continue;
      for (const t of p.rewrite.touched) {
        const mine = editsWithin(p, t);
        const other = allDeclarations(states).find((d) => {
          if (d === p.decl || !d.dependsOn.some((s) => overlaps(s, t))) return false;
          const q = plans.find((x) => x.decl === d);
          return !q?.rewrite || editsWithin(q, t) !== mine;
        });
        if (other) {
          const where = states.find((s) => s.result.model?.declarations.includes(other));
          const line = where?.ctx?.file.lines.position(other.at.start).line;
          p.rewrite = undefined;
          p.notRewritten = `the value it would change is shared with ${other.callee} at ${other.at.file}:${line}, which does not need the same change; change it for this declaration only`;
          changed = true;
          break;
        }
      }
    }
  }
}

function editsWithin(p: DeclarationPlan, t: Span): string {
  return p
    .rewrite!.edits.filter((e) => e.start >= t.start && e.end <= t.end && p.decl.at.file === t.file)
    .map(editKey)
    .sort()
    .join('|');
}

function allDeclarations(states: FileState[]): QueueDeclaration[] {
  return states.flatMap((s) => s.result.model?.declarations ?? []);
}

function emit(p: DeclarationPlan, options: AnalyzeOptions): void {
  const { state, decl } = p;
  const file = state.ctx!.file;
  for (const { rule, violation } of p.checked) {
    const rewritten = !!p.rewrite && usable(violation, options) && matters(violation);
    // Report at the declaration; a value set elsewhere (a shared constant) is named in the message.
    const inside = violation.focus && violation.focus.file === decl.at.file && violation.focus.start >= decl.at.start && violation.focus.end <= decl.at.end;
    const focus = inside ? violation.focus! : decl.at;
    let message = violation.message;
    if (violation.focus && !inside) message += ` The value is set at ${violation.focus.file}:${file.lines.position(violation.focus.start).line}.`;
    const start = file.lines.position(focus.start);
    const end = file.lines.position(focus.end);
    let kind: Finding['fix']['kind'] = 'none';
    let description = violation.advice;
    let edits: TextEdit[] | undefined;
    if (rewritten) {
      kind = 'rewrite';
      description = violation.intents!.map(describeIntent).join('; ');
      const consequences = p.intents.filter((i) => !p.checked.some((c) => c.violation.intents?.some((j) => sameIntent(i, j))));
      if (consequences.length && violation === p.checked.find((c) => usable(c.violation, options))?.violation) {
        description += `; and, so that the result is legal: ${consequences.map(describeIntent).join('; ')}`;
      }
      edits = p.rewrite!.edits;
    } else if (matters(violation)) {
      kind = 'annotate';
      if (p.notRewritten && violation.intents?.length && usable(violation, options)) description = `${violation.advice} (not rewritten: ${p.notRewritten})`;
      const edit = annotationEdit(file.text, decl.statementStart, rule.meta.id, description);
      if (edit) {
        state.result.edits.push(edit);
        edits = [edit];
      }
    }
    state.result.findings.push({
      ruleId: rule.meta.id,
      severity: violation.severity,
      file: decl.at.file,
      start: focus.start,
      end: focus.end,
      anchor: decl.statementStart,
      line: start.line,
      column: start.column,
      endLine: end.line,
      endColumn: end.column,
      message,
      client: decl.client,
      queue: decl.name.kind === 'unknown' ? undefined : decl.name.value,
      brokerError: violation.brokerError,
      fix: { kind, description, ...(edits ? { edits } : {}), ...(rewritten && violation.existingQueue ? { existingQueue: violation.existingQueue } : {}) },
    });
  }
  if (p.rewrite) state.result.edits.push(...p.rewrite.edits);
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
