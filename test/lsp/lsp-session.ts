import { spawn, type ChildProcess } from 'node:child_process';
import { watchIdle } from '../process-progress';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CodeActionRequest,
  createProtocolConnection,
  DidChangeConfigurationNotification,
  DidChangeTextDocumentNotification,
  DidChangeWatchedFilesNotification,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  ExitNotification,
  HoverRequest,
  InitializedNotification,
  InitializeRequest,
  LogMessageNotification,
  LogTraceNotification,
  PublishDiagnosticsNotification,
  RegistrationRequest,
  WorkDoneProgressCreateRequest,
  ResponseError,
  ShowMessageNotification,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  type ClientCapabilities,
  type CodeAction,
  type Command,
  type Diagnostic,
  type FileEvent,
  type Hover,
  type Position,
  type InitializeResult,
  type LogMessageParams,
  type LogTraceParams,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
  type RegistrationParams,
  type ShowMessageParams,
  type Range,
  type TextDocumentEdit,
  type TextEdit,
  type WorkspaceEdit,
} from 'vscode-languageserver-protocol/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { BIN, ROOT } from '../helpers';

export const WORKER = `import amqp from 'amqplib';
export async function f(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('jobs', { durable: false });
}
`;

export const DEFAULT_CAPABILITIES: ClientCapabilities = {
  workspace: { workspaceEdit: { documentChanges: true }, configuration: false },
  textDocument: { codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'source.fixAll'] } } } },
};

export interface StartOptions {
  args?: string[];
  /** The workspace folder (default: the repository). */
  root?: string;
  initializationOptions?: unknown;
  capabilities?: ClientCapabilities;
  /** Answer the server's client/registerCapability requests with an error (default: accept them). */
  refuseRegistrations?: boolean;
  /** The initialize request's trace setting: the server sends $/logTrace when it is not 'off'. */
  trace?: 'off' | 'messages' | 'verbose';
  /** The script Node runs (default: bin/rabbitmq4-codemod), e.g. the server bundled in the VS Code extension. */
  server?: string;
  /** The server's working directory (default: the repository). */
  cwd?: string;
}

/** A real LSP client over the stdio of `node bin/rabbitmq4-codemod lsp --stdio`. */
export class LspSession {
  readonly published: PublishDiagnosticsParams[] = [];
  readonly logs: LogMessageParams[] = [];
  readonly traces: LogTraceParams[] = [];
  readonly shownMessages: ShowMessageParams[] = [];
  readonly registrations: RegistrationParams[] = [];
  /** Work-done progress the server reported (`window/workDoneProgress/create`, then `$/progress`), in order. */
  readonly progress: { token: string | number; value: { kind: string; title?: string; message?: string; percentage?: number } }[] = [];
  readonly progressTokens: (string | number)[] = [];
  refuseRegistrations = false;
  readonly protocolErrors: unknown[] = [];
  readonly documents = new Map<string, TextDocument>();
  stderr = '';
  initializeResult!: InitializeResult;
  private readonly exited: Promise<number | null>;
  /** The process has exited and its output is all read (what it sent last is in `published`, `logs`, ...). */
  private readonly closed: Promise<number | null>;
  private listeners: (() => void)[] = [];

  private constructor(
    readonly child: ChildProcess,
    readonly connection: ProtocolConnection,
  ) {
    this.exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
    this.closed = new Promise((resolve) => child.on('close', (code) => resolve(code)));
    child.stderr!.on('data', (d: Buffer) => (this.stderr += d.toString()));
    connection.onNotification(PublishDiagnosticsNotification.type, (p) => {
      this.published.push(p);
      this.notify();
    });
    connection.onNotification(LogMessageNotification.type, (p) => {
      this.logs.push(p);
      this.notify();
    });
    connection.onNotification(LogTraceNotification.type, (p) => {
      this.traces.push(p);
      this.notify();
    });
    connection.onNotification(ShowMessageNotification.type, (p) => {
      this.shownMessages.push(p);
      this.notify();
    });
    connection.onRequest(WorkDoneProgressCreateRequest.type, (p) => {
      this.progressTokens.push(p.token);
      this.notify();
    });
    connection.onNotification('$/progress', (p: { token: string | number; value: LspSession['progress'][number]['value'] }) => {
      this.progress.push(p);
      this.notify();
    });
    connection.onRequest(RegistrationRequest.type, (p) => {
      this.registrations.push(p);
      this.notify();
      if (this.refuseRegistrations) throw new ResponseError(-32603, 'this client refuses registrations');
    });
    connection.onError((e) => this.protocolErrors.push(e));
    connection.listen();
  }

  static async start(options: StartOptions = {}): Promise<LspSession> {
    const child = spawn(process.execPath, [options.server ?? BIN, ...(options.args ?? ['lsp', '--stdio'])], { cwd: options.cwd ?? ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    const connection = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
    const session = new LspSession(child, connection);
    session.refuseRegistrations = !!options.refuseRegistrations;
    const initialized = connection.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      rootUri: pathToFileURL(options.root ?? ROOT).href,
      capabilities: options.capabilities ?? DEFAULT_CAPABILITIES,
      initializationOptions: options.initializationOptions,
      ...(options.trace ? { trace: options.trace } : {}),
    });
    // A server that exits before it answers (a broken build) fails the test at once, with what it printed.
    const exitedFirst = session.exited.then((code) => {
      throw new Error(`the server exited (code ${code}) before answering initialize; stderr: ${session.stderr}`);
    });
    session.initializeResult = await Promise.race([initialized, exitedFirst]);
    exitedFirst.catch(() => undefined);
    await connection.sendNotification(InitializedNotification.type, {});
    return session;
  }

  async open(uri: string, text: string, languageId = 'typescript'): Promise<void> {
    this.documents.set(uri, TextDocument.create(uri, languageId, 1, text));
    await this.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId, version: 1, text } });
  }

  /** Sends the edits as incremental changes (last first, so that each range is still valid). */
  async changeIncrementally(uri: string, edits: TextEdit[]): Promise<number> {
    const doc = this.doc(uri);
    const descending = [...edits].sort((a, b) => doc.offsetAt(b.range.start) - doc.offsetAt(a.range.start));
    const updated = TextDocument.create(uri, doc.languageId, doc.version + 1, TextDocument.applyEdits(doc, edits));
    this.documents.set(uri, updated);
    await this.connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version: updated.version },
      contentChanges: descending.map((e) => ({ range: e.range, text: e.newText })),
    });
    return updated.version;
  }

  async changeFully(uri: string, text: string): Promise<number> {
    const doc = this.doc(uri);
    const updated = TextDocument.create(uri, doc.languageId, doc.version + 1, text);
    this.documents.set(uri, updated);
    await this.connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version: updated.version }, contentChanges: [{ text }] });
    return updated.version;
  }

  async close(uri: string): Promise<void> {
    this.documents.delete(uri);
    await this.connection.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri } });
  }

  async configure(settings: unknown): Promise<void> {
    await this.connection.sendNotification(DidChangeConfigurationNotification.type, { settings });
  }

  /** Tells the server that files changed on disk (as an editor's file watcher does). */
  async filesChanged(changes: FileEvent[]): Promise<void> {
    await this.connection.sendNotification(DidChangeWatchedFilesNotification.type, { changes });
  }

  text(uri: string): string {
    return this.doc(uri).getText();
  }

  /** The document's text with the edits applied (not sent). */
  textWith(uri: string, edits: TextEdit[]): string {
    return TextDocument.applyEdits(this.doc(uri), edits);
  }

  /** The first diagnostics published for this version of the document (waiting for them if needed). */
  diagnostics(uri: string, version: number | null): Promise<PublishDiagnosticsParams> {
    return this.waitFor(`diagnostics of ${uri} version ${version}`, () =>
      this.published.find((p) => p.uri === uri && (version === null ? p.version === undefined : p.version === version)),
    );
  }

  /** The `count`-th diagnostics published for `uri` (settings changes re-publish the same version). */
  publication(uri: string, count: number): Promise<PublishDiagnosticsParams> {
    return this.waitFor(`publication ${count} of ${uri}`, () => this.published.filter((p) => p.uri === uri)[count - 1]);
  }

  waitForRegistration(): Promise<RegistrationParams> {
    return this.waitFor('a client/registerCapability request', () => this.registrations[0]);
  }

  waitForShownMessage(pattern: RegExp): Promise<ShowMessageParams> {
    return this.waitFor(`a window/showMessage matching ${pattern}`, () => this.shownMessages.find((m) => pattern.test(m.message)));
  }

  waitForTrace(pattern: RegExp): Promise<LogTraceParams> {
    return this.waitFor(`a trace matching ${pattern}`, () => this.traces.find((t) => pattern.test(t.message)));
  }

  waitForLog(pattern: RegExp): Promise<LogMessageParams> {
    return this.waitFor(`a log message matching ${pattern}`, () => this.logs.find((l) => pattern.test(l.message)));
  }

  async codeActions(uri: string, range: Range, diagnostics: Diagnostic[], only?: string[]): Promise<CodeAction[]> {
    const result = await this.connection.sendRequest(CodeActionRequest.type, { textDocument: { uri }, range, context: { diagnostics, ...(only ? { only } : {}) } });
    return (result ?? []).filter((a: CodeAction | Command): a is CodeAction => 'edit' in a || 'kind' in a);
  }

  hover(uri: string, position: Position): Promise<Hover | null> {
    return this.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position });
  }

  /** The edits of a WorkspaceEdit for this document, checked as an editor checks them: made for its current version. */
  editsFor(uri: string, edit: WorkspaceEdit): TextEdit[] {
    const change = (edit.documentChanges ?? []).find((c): c is TextDocumentEdit => 'textDocument' in c && c.textDocument.uri === uri);
    if (!change) throw new Error(`the edit has no documentChanges for ${uri}: ${JSON.stringify(edit)}`);
    if (change.textDocument.version !== this.doc(uri).version) throw new Error(`the edit is for version ${change.textDocument.version}, the document is at ${this.doc(uri).version}`);
    return change.edits.filter((e): e is TextEdit => 'range' in e);
  }

  async shutdownAndExit(): Promise<void> {
    await this.connection.sendRequest(ShutdownRequest.type);
    await this.connection.sendNotification(ExitNotification.type);
  }

  /** The exit code, or a rejection if the process stops working without exiting (see test/process-progress.ts). */
  exitCode(): Promise<number | null> {
    let stop = () => {};
    const idle = new Promise<never>((_, reject) => (stop = watchIdle(this.child.pid, (ms) => reject(new Error(`the server did not exit, and has used no CPU for ${ms} ms`)))));
    return Promise.race([this.exited, idle]).finally(stop);
  }

  dispose(): void {
    this.connection.dispose();
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }

  private doc(uri: string): TextDocument {
    const doc = this.documents.get(uri);
    if (!doc) throw new Error(`${uri} is not open`);
    return doc;
  }

  private notify(): void {
    for (const l of this.listeners) l();
  }

  /**
   * Waits until `find` finds something in what the server sent. No time limit: the wait fails when the server exits,
   * or when it has used no CPU for a while without sending it (it will not), whatever the machine's speed.
   */
  waitFor<T>(what: string, find: () => T | undefined): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = find();
        if (found === undefined) return;
        done();
        resolve(found);
      };
      const fail = (why: string) => {
        done();
        reject(new Error(`${why} while waiting for ${what}; stderr: ${this.stderr}`));
      };
      const stopWatching = watchIdle(this.child.pid, (ms) => fail(`the server has used no CPU for ${ms} ms`));
      let waiting = true;
      void this.closed.then((code) => {
        // Whatever it sent before it exited has been read: checked once more first.
        if (!waiting) return;
        check();
        if (waiting) fail(`the server exited (code ${code})`);
      });
      const done = () => {
        waiting = false;
        stopWatching();
        this.listeners = this.listeners.filter((l) => l !== check);
      };
      this.listeners.push(check);
      check();
    });
  }
}

/** A document that exists only in the editor: the server analyses the text it is sent. */
export const fileUri = (name: string) => pathToFileURL(path.join(ROOT, 'virtual', name)).href;
