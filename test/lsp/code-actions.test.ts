import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CodeAction, Diagnostic } from 'vscode-languageserver-protocol/node';
import { project, read } from '../helpers';
import { fileUri, LspSession, WORKER } from './lsp-session';

let session: LspSession;
beforeEach(async () => {
  session = await LspSession.start();
});
afterEach(() => session.dispose());

const uri = fileUri('worker.ts');
const RULE = 'transient-nonexclusive-queue';

async function openWithDiagnostic(text = WORKER): Promise<Diagnostic> {
  await session.open(uri, text);
  const { diagnostics } = await session.diagnostics(uri, 1);
  expect(diagnostics.length).toBeGreaterThan(0);
  return diagnostics[0];
}

function titled(actions: CodeAction[], title: string): CodeAction {
  const action = actions.find((a) => a.title === title);
  if (!action) throw new Error(`no action '${title}' in ${JSON.stringify(actions.map((a) => a.title))}`);
  return action;
}

describe('lsp code actions', () => {
  it('offers the rewrite as the preferred quick fix; applied as an incremental change, the diagnostic goes away', async () => {
    const diagnostic = await openWithDiagnostic();
    const actions = await session.codeActions(uri, diagnostic.range, [diagnostic], ['quickfix']);
    expect(actions.map((a) => a.title)).toEqual([`Fix: set durable: true (${RULE})`, `Annotate for review (${RULE})`, `Suppress ${RULE} here`]);
    const preferred = actions.filter((a) => a.isPreferred);
    expect(preferred).toHaveLength(1);
    expect(preferred[0]).toMatchObject({ kind: 'quickfix', diagnostics: [diagnostic] });

    const edits = session.editsFor(uri, preferred[0].edit!);
    const version = await session.changeIncrementally(uri, edits);
    expect(session.text(uri)).toBe(WORKER.replace('durable: false', 'durable: true'));
    expect((await session.diagnostics(uri, version)).diagnostics).toEqual([]);
  });

  it('fixes every rewrite of the file with source.fixAll, applied as a full change', async () => {
    const two = `${WORKER}export async function g(ch: any) {\n  await ch.assertQueue('other', { durable: false, autoDelete: true });\n}\n`;
    await session.open(uri, two);
    const { diagnostics } = await session.diagnostics(uri, 1);
    expect(diagnostics.map((d) => d.code)).toEqual([RULE, RULE]);

    const actions = await session.codeActions(uri, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, [], ['source.fixAll']);
    expect(actions.map((a) => a.kind)).toEqual(['source.fixAll.rabbitmq4-codemod']);
    const edits = session.editsFor(uri, actions[0].edit!);
    expect(edits).toHaveLength(2);
    const fixed = session.textWith(uri, edits);
    expect(fixed).toBe(two.replaceAll('durable: false', 'durable: true'));

    const version = await session.changeFully(uri, fixed);
    expect((await session.diagnostics(uri, version)).diagnostics).toEqual([]);
    expect(await session.codeActions(uri, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, [], ['source.fixAll'])).toEqual([]);
  });

  it('annotates for review: the marker comment goes above the statement, once', async () => {
    const diagnostic = await openWithDiagnostic();
    const annotate = titled(await session.codeActions(uri, diagnostic.range, [diagnostic]), `Annotate for review (${RULE})`);
    expect(annotate.isPreferred).toBeFalsy();
    const version = await session.changeIncrementally(uri, session.editsFor(uri, annotate.edit!));
    expect(session.text(uri)).toBe(WORKER.replace("  await ch.assertQueue('jobs'", `  // rabbitmq4-codemod(${RULE}): set durable: true\n  await ch.assertQueue('jobs'`));

    // Annotating marks the place for a human; the finding stays, and is not annotated twice.
    const { diagnostics } = await session.diagnostics(uri, version);
    expect(diagnostics.map((d) => d.code)).toEqual([RULE]);
    const titles = (await session.codeActions(uri, diagnostics[0].range, diagnostics)).map((a) => a.title);
    expect(titles).toContain(`Suppress ${RULE} here`);
    expect(titles).not.toContain(`Annotate for review (${RULE})`);
  });

  it('suppresses the finding with an ignore comment, and the diagnostic goes away', async () => {
    const diagnostic = await openWithDiagnostic();
    const suppress = titled(await session.codeActions(uri, diagnostic.range, [diagnostic]), `Suppress ${RULE} here`);
    const version = await session.changeFully(uri, session.textWith(uri, session.editsFor(uri, suppress.edit!)));
    expect(session.text(uri)).toContain(`  // rabbitmq4-codemod-ignore ${RULE}\n  await ch.assertQueue('jobs'`);
    expect((await session.diagnostics(uri, version)).diagnostics).toEqual([]);
  });

  it('offers an opt-in rewrite as a non-preferred quick fix', async () => {
    const consumer = `import amqp from 'amqplib';

export async function start(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.consume('emails', async (msg) => {
    await sendEmail(msg!.content);
  }, { noAck: true });
}

declare function sendEmail(b: Buffer): Promise<void>;
`;
    await session.open(uri, consumer);
    const { diagnostics } = await session.diagnostics(uri, 1);
    const autoAck = diagnostics.find((d) => d.code === 'auto-ack-consumer');
    if (!autoAck) throw new Error(`no auto-ack-consumer diagnostic in ${JSON.stringify(diagnostics)}`);
    const actions = await session.codeActions(uri, autoAck.range, [autoAck], ['quickfix']);
    const optIn = actions.find((a) => a.title.startsWith('Opt-in fix: '));
    if (!optIn) throw new Error(`no opt-in fix in ${JSON.stringify(actions.map((a) => a.title))}`);
    expect(optIn.isPreferred).toBeFalsy();
    expect(actions.filter((a) => a.isPreferred)).toEqual([]);

    const version = await session.changeIncrementally(uri, session.editsFor(uri, optIn.edit!));
    expect(session.text(uri)).toContain('await ch.prefetch(10);');
    expect(session.text(uri)).toContain('{ noAck: false }');
    expect((await session.diagnostics(uri, version)).diagnostics.map((d) => d.code)).not.toContain('auto-ack-consumer');
  });

  it('filters by the requested kind and ignores diagnostics of other tools', async () => {
    const diagnostic = await openWithDiagnostic();
    const foreign: Diagnostic = { ...diagnostic, source: 'ts', code: 2345, data: undefined };
    expect((await session.codeActions(uri, diagnostic.range, [foreign], ['quickfix'])).map((a) => a.title)).toEqual([]);
    expect((await session.codeActions(uri, diagnostic.range, [diagnostic], ['source.fixAll.rabbitmq4-codemod'])).map((a) => a.kind)).toEqual(['source.fixAll.rabbitmq4-codemod']);
    const all = await session.codeActions(uri, diagnostic.range, [diagnostic]);
    expect(all.map((a) => a.kind)).toEqual(['quickfix', 'quickfix', 'quickfix', 'source.fixAll.rabbitmq4-codemod']);
  });

  it('finds the finding by rule id and range when the client drops the diagnostic data', async () => {
    const diagnostic = await openWithDiagnostic();
    const actions = await session.codeActions(uri, diagnostic.range, [{ ...diagnostic, data: undefined }], ['quickfix']);
    expect(actions.find((a) => a.isPreferred)?.title).toBe(`Fix: set durable: true (${RULE})`);
  });

  it('offers no quick fix for a diagnostic whose text has changed since', async () => {
    const diagnostic = await openWithDiagnostic();
    const version = await session.changeFully(uri, `// a new first line\n${WORKER}`);
    await session.diagnostics(uri, version);
    expect(await session.codeActions(uri, diagnostic.range, [diagnostic], ['quickfix'])).toEqual([]);
  });
});

describe('lsp annotate quick fix in a project with a Prettier printWidth', () => {
  it('wraps the marker to the project width, as fix --write does', async () => {
    const consumer = `import amqp from 'amqplib';
export async function f(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.consume('jobs', (msg) => msg && ch.ack(msg));
}
`;
    const dir = project({ '.prettierrc': '{ "printWidth": 70 }\n', 'src/worker.ts': consumer });
    session.dispose();
    session = await LspSession.start({ root: dir });
    const worker = pathToFileURL(path.join(dir, 'src/worker.ts')).href;
    await session.open(worker, consumer);
    const diagnostic = (await session.diagnostics(worker, 1)).diagnostics.find((d) => d.code === 'unbounded-prefetch')!;
    const markerLines = async () => {
      const annotate = titled(await session.codeActions(worker, diagnostic.range, [diagnostic]), 'Annotate for review (unbounded-prefetch)');
      return session.textWith(worker, session.editsFor(worker, annotate.edit!)).split('\n').filter((l) => l.trimStart().startsWith('//'));
    };
    const marker = await markerLines();
    expect(marker.length).toBeGreaterThan(2);
    expect(marker[0]).toMatch(/^  \/\/ rabbitmq4-codemod\(unbounded-prefetch\): /);
    for (const line of marker) expect(line.length).toBeLessThanOrEqual(70);
    expect(Math.max(...marker.map((l) => l.length))).toBeGreaterThan(55);

    // The project's width changes on disk: the next marker follows it.
    fs.writeFileSync(path.join(dir, '.prettierrc'), '{ "printWidth": 50 }\n');
    await session.filesChanged([{ uri: pathToFileURL(path.join(dir, '.prettierrc')).href, type: 2 }]);
    const narrower = await markerLines();
    expect(narrower.length).toBeGreaterThan(marker.length);
    for (const line of narrower) expect(line.length).toBeLessThanOrEqual(50);
  });
});

describe('lsp code actions for a value imported from another file', () => {
  it('edits the file the value is set in: on disk (version null), or open (its version), also with unsaved changes', async () => {
    const dir = project({
      'src/options.ts': 'export const OPTIONS = { durable: false };\n',
      'src/worker.ts': WORKER.replace("{ durable: false }", 'OPTIONS').replace("import amqp from 'amqplib';", "import amqp from 'amqplib';\nimport { OPTIONS } from './options';"),
    });
    session.dispose();
    session = await LspSession.start({ root: dir });
    const worker = pathToFileURL(path.join(dir, 'src/worker.ts')).href;
    const options = pathToFileURL(path.join(dir, 'src/options.ts')).href;
    await session.open(worker, read(dir, 'src/worker.ts'));
    const [diagnostic] = (await session.diagnostics(worker, 1)).diagnostics;
    expect(diagnostic.message).toContain('The value is set at src/options.ts:1.');

    const fixOf = async () => (await session.codeActions(worker, diagnostic.range, [diagnostic], ['quickfix'])).find((a) => a.isPreferred);
    const edit = { range: { start: { line: 0, character: 34 }, end: { line: 0, character: 39 } }, newText: 'true' };
    expect((await fixOf())?.edit).toEqual({ documentChanges: [{ textDocument: { uri: options, version: null }, edits: [edit] }] });

    await session.open(options, read(dir, 'src/options.ts'));
    expect((await fixOf())?.edit).toEqual({ documentChanges: [{ textDocument: { uri: options, version: 1 }, edits: [edit] }] });

    // Unsaved changes in the other file: the engine reads the editor's text, so the edit is for it.
    await session.changeFully(options, `// moved\n${read(dir, 'src/options.ts')}`);
    const moved = { range: { start: { line: 1, character: 34 }, end: { line: 1, character: 39 } }, newText: 'true' };
    expect((await fixOf())?.edit).toEqual({ documentChanges: [{ textDocument: { uri: options, version: 2 }, edits: [moved] }] });
  });
});

describe('lsp fix-all in a document whose finding has its value in another module', () => {
  const OPTS = "export const QUEUE_OPTIONS = { durable: false, arguments: { 'x-queue-type': 'classic' } };\n";
  const OTHER = `import amqp from 'amqplib';
import { QUEUE_OPTIONS } from './opts';

export async function start(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('jobs', QUEUE_OPTIONS);
  await ch.assertQueue('audit', { durable: false });
}
`;

  it('edits only the document it was asked for; the rewrite in the other module stays a quick fix named after it', async () => {
    const dir = project({ 'src/opts.ts': OPTS, 'src/other.ts': OTHER });
    session.dispose();
    session = await LspSession.start({ root: dir });
    const other = pathToFileURL(path.join(dir, 'src/other.ts')).href;
    const opts = pathToFileURL(path.join(dir, 'src/opts.ts')).href;
    await session.open(opts, OPTS);
    await session.open(other, OTHER);
    const { diagnostics } = await session.diagnostics(other, 1);
    expect(diagnostics.map((d) => [d.code, d.range.start.line])).toEqual([[RULE, 5], [RULE, 6]]);

    const [fixAll] = await session.codeActions(other, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, [], ['source.fixAll']);
    expect(fixAll.edit!.documentChanges!.map((c) => ('textDocument' in c ? c.textDocument.uri : undefined))).toEqual([other]);
    expect(session.textWith(other, session.editsFor(other, fixAll.edit!))).toBe(OTHER.replace("{ durable: false }", '{ durable: true }'));

    const crossFile = (await session.codeActions(other, diagnostics[0].range, [diagnostics[0]], ['quickfix'])).find((a) => a.isPreferred);
    expect(crossFile?.title).toBe(`Fix in src/opts.ts: set durable: true (${RULE})`);
    expect(session.textWith(opts, session.editsFor(opts, crossFile!.edit!))).toBe(OPTS.replace('durable: false', 'durable: true'));
  });
});

describe('lsp code actions for a client without documentChanges', () => {
  it('sends the edit as plain changes', async () => {
    session.dispose();
    session = await LspSession.start({ capabilities: {} });
    const diagnostic = await openWithDiagnostic();
    const [fix] = await session.codeActions(uri, diagnostic.range, [diagnostic], ['quickfix']);
    expect(fix.edit).toEqual({ changes: { [uri]: [{ range: diagnostic.range, newText: 'true' }] } });
  });
});
