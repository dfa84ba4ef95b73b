// Runs the engine on one open document, with the editor's unsaved texts of the files it reads.
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DiagnosticRelatedInformation } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { applySeverities } from '../config/severities';
import { analyze, type FileResult } from '../engine/analyze';
import type { ProjectSession } from '../engine/session';
import type { ProjectSessions } from './project-sessions';
import type { AnalyzeOptions } from '../engine/options';
import { DEFAULT_MAX_FILE_BYTES } from '../engine/project';
import type { ConsumerReport, Finding, Severity } from '../model';
import { errorOffset, type Region } from '../parse/recover';
import type { IncrementalParseCache } from './incremental-parse';
import { relatedSpans, SubjectIndex, type RelatedSpan } from './related';
import { analyzeByUnits, UnitCache, type UnitAnalysis } from '../engine/unit-analysis';
import { analysisKey } from '../engine/project';
import { FACT_PATTERNS, factsOf } from '../engine/candidates';
import { lineWidthFor } from '../fix/line-width';
import { contentHash } from '../index/content-hash';
import { parseSource } from '../parse';
import type { WorkspaceFiles } from './workspace-files';
import type { OpenDocument } from './open-documents';

export type { OpenDocument };

export interface ParseFailure {
  message: string;
  offset: number;
  region?: Region;
}

/** What every analysis of the session shares. */
export interface AnalysisEnvironment {
  /** The workspace root: reported paths are relative to it (default: the process's directory). */
  root: string | undefined;
  /** Imported modules: open documents' unsaved text over the disk. */
  files: WorkspaceFiles;
  /** Syntax trees of unchanged files (mostly imported modules), kept across analyses; trees of text that does not parse. */
  parseCache: IncrementalParseCache;
  /** The settings and the project's config file, merged (see settings.ts). */
  options: AnalyzeOptions;
  severities: ReadonlyMap<string, Severity>;
  /** Paths (as reported) the config file's `exclude` leaves out, as the CLI does. */
  excluded(path: string): boolean;
  /** The workspace's projects: a document in one is checked with the whole project's analysis. */
  sessions?: ProjectSessions;
  /**
   * Per open document analysed alone (by uri): its statement units' results (engine/unit-analysis.ts), so that an
   * edit analyses again only the unit it is in and those whose inputs it changed.
   */
  units?: Map<string, UnitCache<RelatedSpan[]>>;
}

export interface DocumentAnalysis {
  uri: string;
  path: string;
  /** The document's absolute path (where its project's line width is read). */
  absolute: string;
  version: number;
  findings: Finding[];
  /** The document's rows of the consumers table (for the hover). */
  consumers?: ConsumerReport[];
  /** Per finding: where its values were written in other files. */
  related: Map<Finding, DiagnosticRelatedInformation[]>;
  /** Every other file the analysis read (absolute): a change to one of them changes this analysis. */
  reads: ReadonlySet<string>;
  /**
   * Where the document does not parse. With `region`, that part was left out and the rest analysed;
   * without, the document was not analysed. Offsets of the document's text.
   */
  syntaxErrors: ParseFailure[];
  /** Why the document was not analysed at all (too large, or the engine failed). */
  notAnalysed?: string;
  /** The project (its root) whose analysis this is: a change to any of its files changes it. */
  project?: ProjectSession;
  /** Its project is still being indexed: nothing is published until it is. */
  pending?: boolean;
}

/**
 * The only place the language server calls the engine. A document of a workspace project gets the
 * findings of its project's analysis (every file as `scan .` reads it, open documents' unsaved text
 * over the disk), so it sees what its imports, its callers and the rest of the project make of it. A
 * document no project holds is analysed alone, its imports read from `env.files`.
 */
export function analyzeDocument(doc: OpenDocument, env: AnalysisEnvironment): DocumentAnalysis {
  const reads = new Set<string>();
  const absolute = doc.absolute ?? path.resolve(env.root ?? process.cwd(), doc.path);
  const base: DocumentAnalysis = { uri: doc.uri, path: doc.path, absolute, version: doc.version, findings: [], related: new Map(), reads, syntaxErrors: [] };
  const bytes = Buffer.byteLength(doc.text);
  // The CLI skips such files too; parsing several MB on every keystroke would stall the editor.
  if (bytes > DEFAULT_MAX_FILE_BYTES) return { ...base, notAnalysed: `${bytes} bytes is over the size limit of ${DEFAULT_MAX_FILE_BYTES} bytes` };
  if (env.excluded(doc.path)) return { ...base, notAnalysed: 'left out by "exclude" in the config file' };
  try {
    const options: AnalyzeOptions = { ...env.options, ...(env.root ? { cwd: env.root } : {}), parseCache: env.parseCache };
    // In its project, the document gets what `scan .` gives it; a document no project holds is analysed alone.
    const project = doc.absolute ? env.sessions?.analysisFor(doc.absolute, options) : undefined;
    if (project === 'pending') return { ...base, pending: true };
    if (project) {
      reads.delete(absolute);
      return { ...documentResult(project.analysis.files.find((f) => f.absolute === absolute), doc, absolute, base, env), project: project.session };
    }
    const byUnits = unitsOf(doc, absolute, options, env, reads);
    const result = byUnits?.result ?? analyze([{ path: doc.path, text: doc.text, absolute }], { ...options, files: env.files.recording(reads) }).files.find((f) => f.path === doc.path);
    reads.delete(absolute);
    return documentResult(result, doc, absolute, base, env, byUnits?.extras);
  } catch (e) {
    return { ...base, notAnalysed: `internal error: ${(e as Error).stack ?? String(e)}` };
  }
}

/**
 * A document analysed alone, unit by unit (engine/unit-analysis.ts), when the environment keeps its units; undefined
 * when it must be analysed whole. The files its units read are added to `reads` (a change to one is a change to it),
 * and their texts are part of the units' context: another text of any is a new cache.
 */
function unitsOf(doc: OpenDocument, absolute: string, options: AnalyzeOptions, env: AnalysisEnvironment, reads: Set<string>): UnitAnalysis<RelatedSpan[]> | undefined {
  if (!env.units) return undefined;
  let cache = env.units.get(doc.uri);
  if (!cache) env.units.set(doc.uri, (cache = new UnitCache()));
  // The project's first prefetch is a place (a consumer on an untraced channel takes it): moved, not replaced, it is the same.
  const { prefetchLine, ...facts } = factsOf(doc.path, doc.text);
  // A file the engine would not parse (it names no client) is left to it: parsed here, its tree would be the next edit's.
  if (facts.kind !== 'source' || !(facts.mentions.length || options.parseEverything)) {
    cache.clear();
    return undefined;
  }
  const parsed = env.parseCache.parse(absolute, doc.text, () => parseSource(doc.text, absolute));
  if (!parsed.ok || parsed.recovered) {
    cache.clear();
    return undefined;
  }
  const read = cache.reads;
  const pinned = prefetchLine === undefined ? [] : [FACT_PATTERNS.prefetch.exec(doc.text)!.index];
  // A consumers row on an untraced channel names that call as written: another text of it is another context.
  const pinnedCall = pinned.length ? callTextAt(doc.text, pinned[0]) : '';
  const context = JSON.stringify([analysisKey(options), doc.path, absolute, facts, lineWidthFor(absolute), pinnedCall, [...read].map((f) => [f, contentOf(env.files.read(f))])]);
  const recorded = new Set<string>();
  const indexes = new WeakMap<FileResult, SubjectIndex>();
  const related = (f: Finding, r: FileResult) => {
    let index = indexes.get(r);
    if (!index) indexes.set(r, (index = new SubjectIndex(r.model)));
    return relatedSpans(f, index);
  };
  const out = analyzeByUnits({ path: doc.path, text: doc.text, absolute }, parsed.ast, { ...options, files: env.files.recording(recorded) }, cache, context, related, pinned);
  if (!out) return undefined;
  recorded.delete(absolute);
  for (const f of recorded) cache.reads.add(f);
  for (const f of cache.reads) reads.add(f);
  return out;
}

const contentOf = (text: string | undefined) => (text === undefined ? null : contentHash(text));

/** The document's findings (with their related places) and syntax errors, from its file's result. */
function documentResult(result: FileResult | undefined, doc: OpenDocument, absolute: string, base: DocumentAnalysis, env: AnalysisEnvironment, relatedOf?: ReadonlyMap<Finding, RelatedSpan[]>): DocumentAnalysis {
  if (result?.status === 'parse-error' && result.error) return { ...base, syntaxErrors: [{ message: result.error.message, offset: errorOffset(doc.text, result.error) }] };
  // The parts left out of a text that does not parse (the CLI reports such a file and never edits it); a file
  // the analysis only read for an import is not checked itself, and neither are its syntax errors.
  const syntaxErrors = (result?.status === 'analysed' ? env.parseCache.brokenRegions(absolute, doc.text) : []).map((r) => ({ message: r.error.message, offset: r.error.offset, region: { start: r.start, end: r.end } }));
  const findings = result?.findings ?? [];
  applySeverities(findings, env.severities);
  const related = new Map<Finding, DiagnosticRelatedInformation[]>();
  const subjects = relatedOf ? undefined : new SubjectIndex(result?.model);
  for (const f of findings) {
    // The places the engine names (the callers of a helper), then where the finding's values come from.
    const named = (f.related ?? []).map((r) => ({ span: { file: r.file, start: r.start, end: r.end }, message: r.message }));
    const infos = [...named, ...(relatedOf?.get(f) ?? relatedSpans(f, subjects!))].flatMap((r) => {
      const location = locationOf(r.span, env);
      return location ? [{ location, message: r.message }] : [];
    });
    if (infos.length) related.set(f, infos);
  }
  return { ...base, findings, related, syntaxErrors, consumers: result?.consumers ?? [] };
}

/** A span of another file (a reported path) as an LSP location in the text the engine read. */
function locationOf(span: { file: string; start: number; end: number }, env: AnalysisEnvironment): DiagnosticRelatedInformation['location'] | undefined {
  const source = fileSource(span.file, env);
  if (!source) return undefined;
  const doc = TextDocument.create(source.uri, 'typescript', 0, source.text);
  return { uri: source.uri, range: { start: doc.positionAt(span.start), end: doc.positionAt(span.end) } };
}

/**
 * The text of a file the engine read (a reported path): an open document's (with its version) or
 * the disk's (version null). An analysis of the current versions reads exactly this text, so edits
 * and spans in it (`TextEdit.file`, related information) are offsets into it.
 */
export function fileSource(enginePath: string, env: Pick<AnalysisEnvironment, 'root' | 'files'>): { uri: string; absolute: string; version: number | null; text: string } | undefined {
  const absolute = path.resolve(env.root ?? process.cwd(), enginePath);
  const open = env.files.openDocument(absolute);
  if (open) return { uri: open.uri, absolute, version: open.version, text: open.getText() };
  const text = env.files.read(absolute);
  if (text === undefined || Buffer.byteLength(text) > DEFAULT_MAX_FILE_BYTES) return undefined;
  return { uri: pathToFileURL(absolute).href, absolute, version: null, text };
}

/** The text of the call whose callee starts at `at`, through its closing parenthesis (the rest of the text if it has none). */
function callTextAt(text: string, at: number): string {
  let depth = 0;
  for (let i = text.indexOf('(', at); i >= 0 && i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return text.slice(at, i + 1);
  }
  return text.slice(at);
}
