import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { FileChangeType } from 'vscode-languageserver-protocol/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { project } from '../helpers';
import { LspSession } from './lsp-session';

let session: LspSession | undefined;
afterEach(() => session?.dispose());

const RULE = 'transient-nonexclusive-queue';
const LEGAL = `export const QUEUE_OPTIONS = { durable: true };\n`;
const ILLEGAL = `export const QUEUE_OPTIONS = { durable: false };\n`;
const consumer = (from: string, queue = 'jobs') => `import amqp from 'amqplib';
import { QUEUE_OPTIONS } from '${from}';
export async function f(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('${queue}', QUEUE_OPTIONS);
}
`;

/** A workspace on disk with the server started on it. */
async function workspace(files: Record<string, string>) {
  const dir = project(files);
  session = await LspSession.start({ root: dir });
  const uri = (name: string) => pathToFileURL(path.join(dir, name)).href;
  return { dir, s: session, uri };
}

const codes = (p: { diagnostics: { code?: string | number }[] }) => p.diagnostics.map((d) => d.code);

describe('lsp workspace: imported modules as the editor has them', () => {
  it("refreshes an importer's diagnostics when an open constants module changes, unsaved, and when it is closed", async () => {
    const { dir, s, uri } = await workspace({ 'constants.ts': LEGAL, 'consumer.ts': consumer('./constants') });
    await s.open(uri('consumer.ts'), consumer('./constants'));
    expect(codes(await s.diagnostics(uri('consumer.ts'), 1))).toEqual([]);
    await s.open(uri('constants.ts'), LEGAL);
    await s.diagnostics(uri('constants.ts'), 1);

    await s.changeFully(uri('constants.ts'), ILLEGAL);
    // consumer.ts was not touched: same version, published again.
    const illegal = await s.publication(uri('consumer.ts'), 2);
    expect(illegal.version).toBe(1);
    expect(codes(illegal)).toEqual([RULE]);
    expect(fs.readFileSync(path.join(dir, 'constants.ts'), 'utf8')).toBe(LEGAL);

    await s.changeFully(uri('constants.ts'), LEGAL);
    expect(codes(await s.publication(uri('consumer.ts'), 3))).toEqual([]);

    await s.changeFully(uri('constants.ts'), ILLEGAL);
    expect(codes(await s.publication(uri('consumer.ts'), 4))).toEqual([RULE]);
    // Closed without saving: the importer reads the disk again.
    await s.close(uri('constants.ts'));
    expect(codes(await s.publication(uri('consumer.ts'), 5))).toEqual([]);
  });

  it('follows a chain of re-exports, and does not re-check documents that do not import the module', async () => {
    const { s, uri } = await workspace({
      'constants.ts': LEGAL,
      'index.ts': `export * from './options';\n`,
      'options.ts': `export { QUEUE_OPTIONS } from './constants';\n`,
      'consumer.ts': consumer('./index'),
      // Another queue: two declarations of one queue are compared with each other (inconsistent-queue-declaration).
      'unrelated.ts': consumer('./elsewhere', 'reports'),
      'elsewhere.ts': LEGAL,
    });
    await s.open(uri('consumer.ts'), consumer('./index'));
    await s.open(uri('unrelated.ts'), consumer('./elsewhere', 'reports'));
    expect(codes(await s.diagnostics(uri('consumer.ts'), 1))).toEqual([]);
    expect(codes(await s.diagnostics(uri('unrelated.ts'), 1))).toEqual([]);
    await s.open(uri('constants.ts'), LEGAL);
    // Opening a module re-checks its importers (the editor's text may differ from the disk).
    expect(codes(await s.publication(uri('consumer.ts'), 2))).toEqual([]);

    await s.changeFully(uri('constants.ts'), ILLEGAL);
    expect(codes(await s.publication(uri('consumer.ts'), 3))).toEqual([RULE]);
    // unrelated.ts imports another module: it was never re-checked.
    expect(s.published.filter((p) => p.uri === uri('unrelated.ts'))).toHaveLength(1);
  });

  it('refreshes importers when a module that is not open changes on disk (didChangeWatchedFiles)', async () => {
    const { dir, s, uri } = await workspace({ 'constants.ts': LEGAL, 'consumer.ts': consumer('./constants') });
    await s.open(uri('consumer.ts'), consumer('./constants'));
    expect(codes(await s.diagnostics(uri('consumer.ts'), 1))).toEqual([]);
    fs.writeFileSync(path.join(dir, 'constants.ts'), ILLEGAL);
    await s.filesChanged([{ uri: uri('constants.ts'), type: FileChangeType.Changed }]);
    expect(codes(await s.publication(uri('consumer.ts'), 2))).toEqual([RULE]);
  });

  it("re-checks a document that reads node-config when config/default.yaml changes on disk", async () => {
    const worker = "const config = require('config');\nconst amqp = require('amqplib');\n\nasync function start() {\n  const ch = await (await amqp.connect('amqp://x')).createChannel();\n  await ch.prefetch(config.get('rabbitmq.prefetchCount'));\n  await ch.consume('jobs', (m) => { if (m) ch.ack(m); });\n}\n\nmodule.exports = { start };\n";
    const { dir, s, uri } = await workspace({ 'package.json': '{ "name": "w", "dependencies": { "amqplib": "0.10.7", "config": "3.3.9" } }\n', 'config/default.yaml': 'rabbitmq:\n  prefetchCount: 20\n', 'worker.js': worker });
    await s.open(uri('worker.js'), worker);
    expect(codes(await s.diagnostics(uri('worker.js'), 1))).toEqual([]);
    fs.writeFileSync(path.join(dir, 'config/default.yaml'), 'rabbitmq:\n  prefetchCount: 0\n');
    await s.filesChanged([{ uri: uri('config/default.yaml'), type: FileChangeType.Changed }]);
    expect(codes(await s.publication(uri('worker.js'), 2))).toEqual(['unbounded-prefetch']);
  });

  it('re-checks importers when the module an import could not find is created on disk', async () => {
    const { dir, s, uri } = await workspace({ 'consumer.ts': consumer('./constants') });
    await s.open(uri('consumer.ts'), consumer('./constants'));
    // The options cannot be read yet: durable is unknown, and the declaration is reported as maybe refused.
    const before = (await s.diagnostics(uri('consumer.ts'), 1)).diagnostics;
    expect(before.map((d) => d.code)).toEqual([RULE]);
    expect(before[0].message).toMatch(/unknown|cannot/i);
    fs.writeFileSync(path.join(dir, 'constants.ts'), LEGAL);
    await s.filesChanged([{ uri: uri('constants.ts'), type: FileChangeType.Created }]);
    expect(codes(await s.publication(uri('consumer.ts'), 2))).toEqual([]);
  });

  it("points relatedInformation at the definition in the other file, in the editor's text", async () => {
    // The editor's constants.ts has lines the disk does not: the location must be in the unsaved text.
    const unsaved = `// edited, not saved\n\n${ILLEGAL}`;
    const { s, uri } = await workspace({ 'constants.ts': LEGAL, 'consumer.ts': consumer('./constants') });
    await s.open(uri('constants.ts'), unsaved);
    await s.open(uri('consumer.ts'), consumer('./constants'));
    const [diagnostic] = (await s.diagnostics(uri('consumer.ts'), 1)).diagnostics;
    expect(diagnostic.code).toBe(RULE);
    const constants = TextDocument.create(uri('constants.ts'), 'typescript', 1, unsaved);
    const related = diagnostic.relatedInformation ?? [];
    expect(related.map((r) => [r.location.uri, constants.getText(r.location.range), r.message])).toEqual([[uri('constants.ts'), 'false', 'durable is set here']]);
    expect(related[0].location.range.start.line).toBe(2);
  });

  it('has no relatedInformation when every value is in the document itself', async () => {
    const { s, uri } = await workspace({});
    const text = consumer('./constants').replace("import { QUEUE_OPTIONS } from './constants';", 'const QUEUE_OPTIONS = { durable: false };');
    await s.open(uri('consumer.ts'), text);
    const [diagnostic] = (await s.diagnostics(uri('consumer.ts'), 1)).diagnostics;
    expect(diagnostic.code).toBe(RULE);
    expect(diagnostic.relatedInformation).toBeUndefined();
  });

  it('computes a quick fix in another file on its unsaved text, and the fix clears the diagnostic', async () => {
    const unsaved = `// edited, not saved\n${ILLEGAL}`;
    const { dir, s, uri } = await workspace({ 'constants.ts': LEGAL, 'consumer.ts': consumer('./constants') });
    await s.open(uri('constants.ts'), unsaved);
    await s.open(uri('consumer.ts'), consumer('./constants'));
    const [diagnostic] = (await s.diagnostics(uri('consumer.ts'), 1)).diagnostics;
    const actions = await s.codeActions(uri('consumer.ts'), diagnostic.range, [diagnostic], ['quickfix']);
    const fix = actions.find((a) => a.isPreferred);
    expect(fix?.title).toBe(`Fix in constants.ts: set durable: true (${RULE})`);
    // The edit is for the editor's version of constants.ts (the session checks the version).
    const edits = s.editsFor(uri('constants.ts'), fix!.edit!);
    expect(s.textWith(uri('constants.ts'), edits)).toBe(`// edited, not saved\n${LEGAL}`);
    await s.changeIncrementally(uri('constants.ts'), edits);
    expect(codes(await s.publication(uri('consumer.ts'), 2))).toEqual([]);
    expect(fs.readFileSync(path.join(dir, 'constants.ts'), 'utf8')).toBe(LEGAL);
  });
});
