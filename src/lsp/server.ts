import { createConnection, TextDocumentSyncKind, type Connection, type InitializeParams, type InitializeResult } from 'vscode-languageserver/node';
import { TOOL_NAME, TOOL_VERSION } from '../report/model';
import { dependencySource } from './analysis';
import { AnalysisStore } from './analysis-store';
import { codeActions, CODE_ACTION_KINDS } from './code-actions';
import { DiagnosticsRunner } from './diagnostics-runner';
import { fileSystemPathOf } from './document-path';
import { OpenDocumentSet } from './open-documents';
import { DEFAULT_SETTINGS, readSettings, sameSettings, type Settings } from './settings';
import { sendConsoleToStderr } from './stdout-guard';
import { editTargetOf } from './workspace-edit';

/** Runs the language server on stdin/stdout until the client sends exit (or closes the stream). */
export function startStdioServer(): Connection {
  sendConsoleToStderr();
  return startServer(createConnection(process.stdin, process.stdout));
}

export function startServer(connection: Connection): Connection {
  let settings: Settings = DEFAULT_SETTINGS;
  let documentChanges = false;
  let startupWarnings: string[] = [];
  const documents = new OpenDocumentSet();
  const store = new AnalysisStore(documents, () => settings);
  const runner = new DiagnosticsRunner(connection, documents, store);

  const applySettings = (raw: unknown): string[] => {
    const update = readSettings(raw, settings);
    if (update.settings && !sameSettings(update.settings, settings)) {
      settings = update.settings;
      runner.rerunAll();
    }
    return update.warnings;
  };

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    documentChanges = !!params.capabilities?.workspace?.workspaceEdit?.documentChanges;
    documents.root = fileSystemPathOf(params.workspaceFolders?.[0]?.uri ?? params.rootUri);
    startupWarnings = applySettings(params.initializationOptions);
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        codeActionProvider: { codeActionKinds: CODE_ACTION_KINDS },
      },
      serverInfo: { name: TOOL_NAME, version: TOOL_VERSION },
    };
  });
  connection.onInitialized(() => {
    for (const w of startupWarnings) connection.console.warn(w);
  });
  connection.onDidChangeConfiguration((params) => {
    for (const w of applySettings(params?.settings)) connection.console.warn(w);
  });

  documents.synced.onDidOpen((e) => runner.opened(e.document.uri));
  documents.synced.onDidChangeContent((e) => runner.changed(e.document.uri));
  documents.synced.onDidClose((e) => runner.closed(e.document.uri));

  connection.onCodeAction((params) => {
    const uri = params?.textDocument?.uri;
    const doc = uri === undefined ? undefined : documents.get(uri);
    const analysis = uri === undefined ? undefined : store.current(uri);
    if (!doc || !analysis) return [];
    return codeActions(params, doc, analysis, { documentChanges, editTarget: (p) => editTargetOf(dependencySource(p, documents.byPath(), documents.root)) });
  });

  // A debounced run must not fire between shutdown and exit.
  connection.onShutdown(() => runner.stop());

  documents.synced.listen(connection);
  connection.listen();
  return connection;
}
