// The language server: requests and notifications wired to the analysis.
import { forgetLineWidths, LINE_WIDTH_FILES } from '../fix/line-width';
import { createConnection, DidChangeWatchedFilesNotification, FileChangeType, MarkupKind, MessageType, TextDocumentSyncKind, type Connection, type InitializeParams, type InitializeResult } from 'vscode-languageserver/node';
import { severityOverrides } from '../config/config';
import { excludedBy } from '../discover';
import { IncrementalParseCache } from './incremental-parse';
import { TOOL_NAME, TOOL_VERSION } from '../report/model';
import { fileSource, type AnalysisEnvironment } from './analysis';
import type { UnitCache } from '../engine/unit-analysis';
import type { RelatedSpan } from './related';
import { AnalysisStore } from './analysis-store';
import { codeActions, CODE_ACTION_KINDS } from './code-actions';
import { DiagnosticsRunner } from './diagnostics-runner';
import { fileSystemPathOf } from './document-path';
import { hoverAt } from './hover';
import { OpenDocumentSet } from './open-documents';
import { mayHoldConfig, readProjectConfig, sameConfig, type ProjectConfig } from './project-config';
import { analyzeOptionsOf, DEFAULT_SETTINGS, readSettings, sameSettings, type Settings } from './settings';
import { sendConsoleToStderr } from './stdout-guard';
import { editTargetOf } from './workspace-edit';
import { WorkspaceFiles } from './workspace-files';
import { ProjectSessions } from './project-sessions';
import { progressSink } from './progress';
import * as path from 'node:path';

/** The files whose changes on disk matter: sources and JSON (imported modules, tsconfig.json, the config file). */
const WATCHED = '**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs,json}';
/** Where the annotation markers' line width is read (Prettier, .editorconfig). */
const WATCHED_WIDTH = '**/{.prettierrc,.prettierrc.*,prettier.config.*,.editorconfig}';
/** What decides which files a project's walk finds. */
const WATCHED_IGNORES = '**/.gitignore';
/** Syntax trees kept between checks: every candidate file of a large project. */
const PARSED_FILES_KEPT = 2000;

/** Runs the language server on stdin/stdout until the client sends exit (or closes the stream). */
export function startStdioServer(): Connection {
  sendConsoleToStderr();
  return startServer(createConnection(process.stdin, process.stdout));
}

export function startServer(connection: Connection): Connection {
  let settings: Settings = DEFAULT_SETTINGS;
  let project: ProjectConfig = { config: {} };
  let documentChanges = false;
  let hoverMarkdown = true;
  let watchByRegistration = false;
  let startupWarnings: string[] = [];
  let folders: string[] = [];
  const documents = new OpenDocumentSet();
  const files = new WorkspaceFiles(documents);
  // The syntax trees of every candidate file of the workspace's projects are kept between checks.
  const parseCache = new IncrementalParseCache(PARSED_FILES_KEPT);
  // Each open document analysed alone keeps its statement units' results from edit to edit.
  const units = new Map<string, UnitCache<RelatedSpan[]>>();
  let workDoneProgress = false;
  const sessions = new ProjectSessions(
    files,
    () => documents.root ?? process.cwd(),
    () => ({ exclude: project.config.exclude ?? [], includeMinified: project.config.includeMinified ?? [] }),
    () => runner.projectReady(),
    () => (workDoneProgress ? progressSink(connection) : undefined),
  );
  const environment = (): AnalysisEnvironment => ({
    root: documents.root,
    files,
    parseCache,
    options: analyzeOptionsOf(settings, project.config),
    severities: severityOverrides(project.config),
    excluded: excludedBy(project.config.exclude ?? []),
    sessions,
    units,
  });
  let env = environment();
  const store = new AnalysisStore(documents, () => env);
  const runner = new DiagnosticsRunner(connection, documents, store);

  const applySettings = (raw: unknown): string[] => {
    const update = readSettings(raw, settings);
    if (update.settings && !sameSettings(update.settings, settings)) {
      settings = update.settings;
      env = environment();
      runner.rerunAll();
    }
    return update.warnings;
  };
  /** A config file that cannot be used is reported, and ignored until it is fixed (the CLI refuses to run with it). */
  const reportConfigError = () => {
    if (project.error) void connection.sendNotification('window/showMessage', { type: MessageType.Error, message: `${TOOL_NAME}: ${project.error}; the config file is ignored until it is fixed` });
  };
  const reloadConfig = () => {
    const previous = project;
    project = readProjectConfig(documents.root);
    if (project.error !== previous.error) reportConfigError();
    if (sameConfig(project.config, previous.config)) return;
    const walk = (c: typeof project.config) => JSON.stringify([c.exclude ?? [], c.includeMinified ?? []]);
    if (walk(project.config) !== walk(previous.config)) sessions.excludeChanged();
    env = environment();
    runner.rerunAll();
  };

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    documentChanges = !!params.capabilities?.workspace?.workspaceEdit?.documentChanges;
    const formats = params.capabilities?.textDocument?.hover?.contentFormat;
    hoverMarkdown = !Array.isArray(formats) || formats.includes(MarkupKind.Markdown);
    watchByRegistration = !!params.capabilities?.workspace?.didChangeWatchedFiles?.dynamicRegistration;
    workDoneProgress = !!params.capabilities?.window?.workDoneProgress;
    documents.root = fileSystemPathOf(params.workspaceFolders?.[0]?.uri ?? params.rootUri);
    folders = (params.workspaceFolders?.length ? params.workspaceFolders.map((f) => fileSystemPathOf(f.uri)) : [documents.root]).filter((f): f is string => !!f);
    project = readProjectConfig(documents.root);
    startupWarnings = applySettings(params.initializationOptions);
    env = environment();
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        codeActionProvider: { codeActionKinds: CODE_ACTION_KINDS },
        hoverProvider: true,
      },
      serverInfo: { name: TOOL_NAME, version: TOOL_VERSION },
    };
  });
  connection.onInitialized(() => {
    for (const w of startupWarnings) connection.console.warn(w);
    reportConfigError();
    // Each workspace folder's project is indexed in the background; its open documents are checked in it once it is.
    sessions.open(folders);
    if (watchByRegistration) {
      connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: WATCHED }, { globPattern: WATCHED_WIDTH }, { globPattern: WATCHED_IGNORES }] }).catch((e: unknown) => {
        connection.console.warn(`cannot watch files (changes on disk are seen only when a document is opened or checked again): ${String(e)}`);
      });
    }
  });
  connection.onDidChangeConfiguration((params) => {
    for (const w of applySettings(params?.settings)) connection.console.warn(w);
  });
  connection.onDidChangeWatchedFiles((params) => {
    let config = false;
    let created = false;
    const walked = new Set<string>();
    for (const change of params?.changes ?? []) {
      const absolute = fileSystemPathOf(change?.uri);
      if (!absolute) continue;
      // A new file may be what an import that did not resolve was looking for: no analysis read it yet.
      if (change.type === FileChangeType.Created) created = true;
      files.changedOnDisk(absolute);
      parseCache.forget(absolute);
      // A file created or deleted (or an ignore file changed) changes what the projects' walks find.
      if (change.type !== FileChangeType.Changed || path.basename(absolute) === '.gitignore') walked.add(absolute);
      else if (!documents.atFile(absolute)) sessions.changed(absolute);
      if (mayHoldConfig(absolute, documents.root)) config = true;
      if (LINE_WIDTH_FILES.test(absolute)) forgetLineWidths();
      runner.changedOnDisk(absolute);
    }
    for (const absolute of walked) sessions.rediscover(absolute);
    if (config) reloadConfig();
    if (created) runner.rerunAll();
  });

  // The editor's text of an open document is what its project reads (its facts too); closed, the disk's again.
  const changedText = (uri: string) => {
    const absolute = fileSystemPathOf(uri);
    if (absolute) sessions.changed(absolute);
  };
  documents.synced.onDidOpen((e) => {
    changedText(e.document.uri);
    runner.opened(e.document.uri);
  });
  documents.synced.onDidChangeContent((e) => {
    changedText(e.document.uri);
    runner.changed(e.document.uri);
  });
  documents.synced.onDidClose((e) => {
    units.delete(e.document.uri);
    runner.closed(e.document.uri);
    changedText(e.document.uri);
  });
  documents.synced.onDidSave((e) => {
    const absolute = fileSystemPathOf(e.document.uri);
    if (absolute) files.changedOnDisk(absolute);
  });

  /** An open document and the analysis of its current version, for a request about it. */
  const analysed = (uri: string | undefined) => {
    const doc = uri === undefined ? undefined : documents.get(uri);
    const analysis = uri === undefined ? undefined : store.current(uri);
    return doc && analysis ? { doc, analysis } : undefined;
  };

  connection.onCodeAction((params) => {
    const { doc, analysis } = analysed(params?.textDocument?.uri) ?? {};
    if (!doc || !analysis) return [];
    const editTarget = (p: string) => {
      const source = fileSource(p, env);
      return source && editTargetOf(source, parseCache.brokenRegions(source.absolute, source.text));
    };
    return codeActions(params, doc, analysis, { documentChanges, editTarget });
  });

  connection.onHover((params) => {
    const { doc, analysis } = analysed(params?.textDocument?.uri) ?? {};
    return doc && analysis && params.position ? hoverAt(analysis, doc, params.position, hoverMarkdown) : null;
  });

  // A debounced run must not fire between shutdown and exit.
  connection.onShutdown(() => runner.stop());

  documents.synced.listen(connection);
  connection.listen();
  return connection;
}
