// A document that does not parse, over stdio: the findings of the rest, the parse-error diagnostic,
// and the code actions meanwhile.
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DiagnosticSeverity, type Diagnostic, type PublishDiagnosticsParams } from 'vscode-languageserver-protocol/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { project } from '../helpers';
import { fileUri, LspSession } from './lsp-session';
import { ORDERS_WORKER, ORDERS_WORKER_FINDINGS } from './worker-fixtures';

let session: LspSession;
beforeEach(async () => {
  session = await LspSession.start();
});
afterEach(() => session.dispose());

const uri = fileUri('orders-worker.ts');
const PARSE_ERROR = 'parse-error';
const findings = (p: PublishDiagnosticsParams) => p.diagnostics.filter((d) => d.code !== PARSE_ERROR).map((d) => [d.code, d.range.start.line + 1]);
const parseErrors = (p: PublishDiagnosticsParams) => p.diagnostics.filter((d) => d.code === PARSE_ERROR);
/** The findings of the worker with the lines after `after` moved by `by`, without those `gone` (1-based lines). */
const shifted = (after: number, by: number, gone: number[] = []) => ORDERS_WORKER_FINDINGS.filter(([, l]) => !gone.includes(l)).map(([code, l]) => [code, l > after ? l + by : l]);
const at = (line: number, character: number) => ({ line, character });
const insertion = (line: number, text: string) => ({ range: { start: at(line, 0), end: at(line, 0) }, newText: text });

/** The one parse error of a publication: an error of this tool with its code, inside the document, in the given 0-based line. */
function expectParseErrorOnLine(p: PublishDiagnosticsParams, line: number, text: string): Diagnostic {
  const errors = parseErrors(p);
  expect(errors).toHaveLength(1);
  const [error] = errors;
  expect(error).toMatchObject({ severity: DiagnosticSeverity.Error, source: 'rabbitmq4-codemod', code: PARSE_ERROR });
  expect(error.range.start.line).toBe(line);
  const doc = TextDocument.create('file:///x.ts', 'typescript', 1, text);
  // Never past the end of the document, and the range is the one written.
  expect(doc.offsetAt(error.range.end)).toBeLessThanOrEqual(text.length);
  expect(doc.positionAt(doc.offsetAt(error.range.end))).toEqual(error.range.end);
  expect(error.message).not.toMatch(/rabbitmq4-codemod/);
  return error;
}

describe('lsp: a document that does not parse', () => {
  it('keeps the findings of the other statements while a line is half typed, with the parse error on that line', async () => {
    await session.open(uri, ORDERS_WORKER);
    expect(findings(await session.diagnostics(uri, 1))).toEqual(ORDERS_WORKER_FINDINGS);

    // A new declaration typed above `await ch.prefetch(20);` (line 14), as far as `{ durable: `.
    const half = await session.changeIncrementally(uri, [insertion(13, "  await ch.assertQueue('refunds', { durable: \n")]);
    const broken = await session.diagnostics(uri, half);
    expect(findings(broken)).toEqual(shifted(13, 1));
    const error = expectParseErrorOnLine(broken, 13, session.text(uri));
    expect(error.message).toMatch(/^Unexpected token.*\(line 14 is not checked until it parses\)$/);
    expect(error.message).not.toContain('refunds');

    // Finishing the line: the parse error goes, and every finding is there, the new declaration's too.
    const end = at(13, "  await ch.assertQueue('refunds', { durable: ".length);
    const done = await session.changeIncrementally(uri, [{ range: { start: end, end }, newText: 'false });' }]);
    const fixed = await session.diagnostics(uri, done);
    expect(parseErrors(fixed)).toEqual([]);
    const others = shifted(13, 1);
    expect(findings(fixed)).toEqual([...others.slice(0, 3), ['transient-nonexclusive-queue', 14], ...others.slice(3)]);
  });

  it('an unclosed call at the end of a function: the error on its line, the findings of everything else kept', async () => {
    await session.open(uri, ORDERS_WORKER);
    await session.diagnostics(uri, 1);
    const line = 26;
    const v = await session.changeIncrementally(uri, [{ range: { start: at(line, 0), end: at(line + 1, 0) }, newText: "  await ch.assertQueue('audit', \n" }]);
    const p = await session.diagnostics(uri, v);
    expectParseErrorOnLine(p, line, session.text(uri));
    expect(findings(p)).toEqual(shifted(99, 0, [27]));
  });

  it('a deleted closing brace: the function that lost it is left out, the other functions are checked', async () => {
    await session.open(uri, ORDERS_WORKER);
    await session.diagnostics(uri, 1);
    // The `}` of setupOrders (line 10).
    const v = await session.changeIncrementally(uri, [{ range: { start: at(9, 0), end: at(9, 1) }, newText: '' }]);
    const p = await session.diagnostics(uri, v);
    const [error] = parseErrors(p);
    expect(error.severity).toBe(DiagnosticSeverity.Error);
    expect(error.message).toMatch(/lines 6-\d+ are not checked until it parses/);
    expect(findings(p)).toEqual(shifted(99, 0, [8]));
  });

  it('opened with a syntax error: the top-level statement that does not parse is left out, the rest is checked', async () => {
    const text = ORDERS_WORKER.replace("  await ch.prefetch(20);\n", "  await ch.prefetch(20);\n  await ch.assertQueue('refunds', { durable: \n");
    await session.open(uri, text);
    const p = await session.diagnostics(uri, 1);
    const error = expectParseErrorOnLine(p, 14, text);
    expect(error.message).toMatch(/lines 12-21 are not checked until it parses/);
    expect(findings(p)).toEqual([['transient-nonexclusive-queue', 8], ['transient-nonexclusive-queue', 28]]);
  });

  it('an object left open at the end of the file: the error on the last line written, not past the end', async () => {
    const text = `${ORDERS_WORKER}\nexport const OPTIONS = { durable: `;
    await session.open(uri, text);
    const p = await session.diagnostics(uri, 1);
    const error = expectParseErrorOnLine(p, 29, text);
    expect(error.range.start.character).toBe('export const OPTIONS = { durable'.length);
    expect(findings(p)).toEqual(ORDERS_WORKER_FINDINGS);
  });

  it('two unresolved merge conflicts: more broken places than are left out, so one parse error and no findings', async () => {
    const conflict = (a: string, b: string) => `<<<<<<< HEAD\n${a}=======\n${b}>>>>>>> feature\n`;
    const text = ORDERS_WORKER.replace("const EXCHANGE = 'orders';\n", conflict("const EXCHANGE = 'orders';\n", "const EXCHANGE = 'orders.v2';\n")).replace(
      "  await ch.prefetch(20);\n",
      conflict('  await ch.prefetch(20);\n', '  await ch.prefetch(50);\n'),
    );
    await session.open(uri, text);
    const p = await session.diagnostics(uri, 1);
    const error = expectParseErrorOnLine(p, 3, text);
    expect(error.message).toMatch(/\(the file is not checked until it parses\)$/);
    expect(findings(p)).toEqual([]);
  });
});

describe('lsp: code actions while a document does not parse', () => {
  it("offers a finding's quick fix outside the half-typed line (computed on the text that parses), and no fix-all", async () => {
    await session.open(uri, ORDERS_WORKER);
    await session.diagnostics(uri, 1);
    const half = await session.changeIncrementally(uri, [insertion(13, "  await ch.assertQueue('refunds', { durable: \n")]);
    const { diagnostics } = await session.diagnostics(uri, half);
    const orders = diagnostics.find((d) => d.code === 'transient-nonexclusive-queue' && d.range.start.line === 7)!;

    const everything = { start: at(0, 0), end: at(30, 0) };
    expect(await session.codeActions(uri, everything, [], ['source.fixAll'])).toEqual([]);
    const fix = (await session.codeActions(uri, orders.range, [orders], ['quickfix'])).find((a) => a.isPreferred);
    expect(fix?.title).toBe('Fix: set durable: true (transient-nonexclusive-queue)');
    const v = await session.changeIncrementally(uri, session.editsFor(uri, fix!.edit!));
    expect(session.text(uri)).toContain("await ch.assertQueue('orders.created', { durable: true });");
    expect(session.text(uri)).toContain("  await ch.assertQueue('refunds', { durable: \n");
    const after = await session.diagnostics(uri, v);
    expect(parseErrors(after)).toHaveLength(1);
    expect(findings(after)).toEqual(shifted(13, 1, [8]));
  });
});

describe('lsp: an imported module that does not parse', () => {
  it('is read without its broken part: its values still resolve, and their fix edits its unsaved text away from it', async () => {
    const OPTS = "export const QUEUE_OPTIONS = { durable: false };\n\nexport const RETRY = { durable: \n";
    const WORKER = `import amqp from 'amqplib';\nimport { QUEUE_OPTIONS } from './opts';\n\nexport async function start(url: string) {\n  const ch = await (await amqp.connect(url)).createChannel();\n  await ch.assertQueue('jobs', QUEUE_OPTIONS);\n}\n`;
    const dir = project({ 'src/opts.ts': 'export const QUEUE_OPTIONS = { durable: true };\n', 'src/worker.ts': WORKER });
    session.dispose();
    session = await LspSession.start({ root: dir });
    const opts = pathToFileURL(path.join(dir, 'src/opts.ts')).href;
    const worker = pathToFileURL(path.join(dir, 'src/worker.ts')).href;
    // It names no client library: like `scan`, the server does not check it itself.
    await session.open(opts, OPTS);
    expect((await session.diagnostics(opts, 1)).diagnostics).toEqual([]);
    await session.open(worker, WORKER);
    const [finding] = (await session.diagnostics(worker, 1)).diagnostics;
    expect(finding.code).toBe('transient-nonexclusive-queue');
    const fix = (await session.codeActions(worker, finding.range, [finding], ['quickfix'])).find((a) => a.isPreferred);
    expect(fix?.title).toBe('Fix in src/opts.ts: set durable: true (transient-nonexclusive-queue)');
    expect(session.textWith(opts, session.editsFor(opts, fix!.edit!))).toBe(OPTS.replace('{ durable: false }', '{ durable: true }'));
  });
});
