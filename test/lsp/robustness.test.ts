import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CodeActionRequest,
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  ErrorCodes,
  ExitNotification,
  ResponseError,
  ShutdownRequest,
} from 'vscode-languageserver-protocol/node';
import { BIN, ROOT } from '../helpers';
import { fileUri, LspSession, WORKER, type StartOptions } from './lsp-session';

const sessions: LspSession[] = [];
afterEach(() => {
  for (const s of sessions.splice(0)) s.dispose();
});

const uri = fileUri('worker.ts');

async function start(options: StartOptions = {}): Promise<LspSession> {
  const session = await LspSession.start(options);
  sessions.push(session);
  return session;
}

/** The server still answers: a new document gets its diagnostics. */
async function stillWorks(s: LspSession): Promise<void> {
  const probe = fileUri(`probe-${s.published.length}.ts`);
  await s.open(probe, WORKER);
  expect((await s.diagnostics(probe, 1)).diagnostics.map((d) => d.code)).toEqual(['transient-nonexclusive-queue']);
}

/** About 3 MB of TypeScript with amqplib declarations all through it. */
function hugeDocument(): string {
  const block = `export async function declare_N(ch: any) {\n  await ch.assertQueue('q-N', { durable: false });\n  const padding = 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx';\n}\n`;
  const parts = ["import amqp from 'amqplib';\n"];
  for (let i = 0; parts.length * block.length < 3 * 1024 * 1024; i++) parts.push(block.replaceAll('N', String(i)));
  return parts.join('');
}

describe('lsp robustness', () => {
  it('answers an unknown request with MethodNotFound and keeps going', async () => {
    const s = await start();
    const error = await s.connection.sendRequest('rabbitmq4-codemod/noSuchMethod', { x: 1 }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ResponseError);
    expect((error as ResponseError<unknown>).code).toBe(ErrorCodes.MethodNotFound);
    await s.connection.sendNotification('rabbitmq4-codemod/noSuchNotification', { x: 1 });
    await stillWorks(s);
  });

  it('answers code actions with bad params or for an unknown document with an empty list', async () => {
    const s = await start();
    await s.open(uri, WORKER);
    const { diagnostics } = await s.diagnostics(uri, 1);
    expect(await s.connection.sendRequest(CodeActionRequest.method, { nonsense: true })).toEqual([]);
    const withoutContext: { kind: string }[] = await s.connection.sendRequest(CodeActionRequest.method, { textDocument: { uri }, range: diagnostics[0].range });
    expect(withoutContext.map((a) => a.kind)).toEqual(['source.fixAll.rabbitmq4-codemod']);
    expect(await s.codeActions(fileUri('never-opened.ts'), diagnostics[0].range, diagnostics)).toEqual([]);
    const garbled = { ...diagnostics[0], range: undefined, data: 'garbage' };
    expect(await s.connection.sendRequest(CodeActionRequest.method, { textDocument: { uri }, range: diagnostics[0].range, context: { diagnostics: [garbled], only: ['quickfix'] } })).toEqual([]);
    await stillWorks(s);
  });

  it('survives malformed document notifications', async () => {
    const s = await start();
    await s.connection.sendNotification(DidOpenTextDocumentNotification.method, { textDocument: { uri: fileUri('no-text.ts'), languageId: 'typescript', version: 1 } });
    await s.connection.sendNotification(DidOpenTextDocumentNotification.method, {});
    await s.connection.sendNotification(DidChangeTextDocumentNotification.method, { textDocument: { uri: fileUri('never-opened.ts'), version: 2 }, contentChanges: [{ text: 'x' }] });
    await s.open(uri, WORKER);
    await s.diagnostics(uri, 1);
    await s.connection.sendNotification(DidChangeTextDocumentNotification.method, {
      textDocument: { uri, version: 2 },
      contentChanges: [{ range: { start: { line: 999, character: 0 }, end: { line: 1000, character: 5 } }, text: '\n// appended\n' }],
    });
    expect((await s.diagnostics(uri, 2)).diagnostics.map((d) => d.code)).toEqual(['transient-nonexclusive-queue']);
    await stillWorks(s);
    expect(s.child.exitCode).toBeNull();
  });

  it('handles a 3 MB document without crashing', async () => {
    const s = await start();
    const big = fileUri('huge.ts');
    const text = hugeDocument();
    expect(text.length).toBeGreaterThan(3 * 1024 * 1024 - 300);
    await s.open(big, text);
    const { diagnostics } = await s.diagnostics(big, 1);
    expect(Array.isArray(diagnostics)).toBe(true);
    await s.waitForLog(/huge\.ts: not analysed: \d+ bytes is over the size limit/);
    const version = await s.changeIncrementally(big, [{ range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, newText: '// edited\n' }]);
    await s.diagnostics(big, version);
    await stillWorks(s);
  });

  it('exits with code 0 on shutdown and exit while a debounced run is pending', async () => {
    const s = await start();
    await s.open(uri, WORKER);
    await s.diagnostics(uri, 1);
    await s.changeFully(uri, WORKER.replace("'jobs'", "'pending'"));
    await s.connection.sendRequest(ShutdownRequest.type);
    const publishedBeforeShutdown = s.published.length;
    // Longer than the debounce: a run that survived shutdown would publish now.
    await new Promise((r) => setTimeout(r, 400));
    await s.connection.sendNotification(ExitNotification.type);
    expect(await s.exitCode()).toBe(0);
    // The pending run was dropped at shutdown, not published on the way out.
    expect(s.published).toHaveLength(publishedBeforeShutdown);
  });

  it('exits with code 1 on exit without shutdown, and when the client goes away', async () => {
    const s = await start();
    await s.connection.sendNotification('exit');
    expect(await s.exitCode()).toBe(1);

    const t = await start();
    await t.open(uri, WORKER);
    t.child.stdin!.end();
    expect(await t.exitCode()).toBe(1);
  });

  it('also starts without --stdio', async () => {
    await stillWorks(await start({ args: ['lsp'] }));
  });

  it('refuses unknown options as a usage error, before writing anything to stdout', () => {
    const r = spawnSync(process.execPath, [BIN, 'lsp', '--port', '9000'], { cwd: ROOT, encoding: 'utf8', input: '' });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain("unknown option --port for 'lsp'");
  });
});
