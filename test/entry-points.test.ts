// One project, every entry point: `scan .`, `scan <file>`, `fix <file>`, the language server (the file opened
// alone; after an edit in it; after an edit in the module that makes the channel) and the jscodeshift
// transform give a file the same findings and the same edits.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver-protocol/node';
import { cli, project, read, ROOT } from './helpers';
import { LspSession } from './lsp/lsp-session';

/** The channel is made here and handed out by a getter. */
const RABBIT = `import amqp from 'amqplib';

let channel: amqp.Channel | undefined;

export async function getChannel(): Promise<amqp.Channel> {
  if (!channel) {
    const conn = await amqp.connect(process.env.AMQP_URL ?? 'amqp://localhost');
    channel = await conn.createChannel();
  }
  return channel;
}
`;
/** The same module, now setting a prefetch where the channel is made. */
const RABBIT_WITH_PREFETCH = RABBIT.replace('    channel = await conn.createChannel();\n', '    channel = await conn.createChannel();\n    await channel.prefetch(10);\n');

/** A helper whose own literal is refused (reported once, at the helper). */
const QUEUES = `import type { Channel } from 'amqplib';

export async function declareOrders(ch: Channel) {
  await ch.assertQueue('orders', { durable: false });
}
`;

/** Names no client: everything comes through the barrel. */
const CONSUMER = `import { declareOrders, getChannel } from './index';

export async function startConsumer() {
  const ch = await getChannel();
  await declareOrders(ch);
  await ch.consume('orders', async (msg) => {
    if (msg === null) return;
    console.log(msg.content.toString());
    ch.ack(msg);
  });
}
`;

const FILES = {
  'package.json': '{ "name": "orders", "version": "1.0.0", "dependencies": { "amqplib": "^0.10.9" } }\n',
  'src/rabbit.ts': RABBIT,
  'src/queues.ts': QUEUES,
  'src/index.ts': "export * from './rabbit';\nexport * from './queues';\n",
  'src/consumer.ts': CONSUMER,
};

interface Row {
  ruleId: string;
  line: number;
  column: number;
  message: string;
}

interface ReportFinding extends Row {
  file: string;
  brokerError?: string;
}

function scanFindings(dir: string, ...paths: string[]): ReportFinding[] {
  const r = cli(dir, 'scan', ...paths, '--format', 'json', '--fail-on', 'never');
  expect(r.code, r.stderr).toBe(0);
  return (JSON.parse(r.stdout) as { findings: ReportFinding[] }).findings;
}

/** A finding as the language server shows it: its rule, its start, and its message (with the broker's error under it). */
const row = (f: ReportFinding): Row => ({ ruleId: f.ruleId, line: f.line, column: f.column, message: f.brokerError ? `${f.message}\n${f.brokerError}` : f.message });
const fromDiagnostic = (d: Diagnostic): Row => ({ ruleId: String(d.code), line: d.range.start.line + 1, column: d.range.start.character + 1, message: typeof d.message === 'string' ? d.message : d.message.value });
const byPosition = (a: Row, b: Row) => a.line - b.line || a.column - b.column || a.ruleId.localeCompare(b.ruleId);
const rowsOf = (findings: ReportFinding[], file: string) => findings.filter((f) => f.file === file).map(row).sort(byPosition);

function fixedText(dir: string, file: string, ...paths: string[]): string {
  const copy = fs.mkdtempSync(path.join(path.dirname(dir), 'fix-'));
  fs.cpSync(dir, copy, { recursive: true });
  const r = cli(copy, 'fix', ...paths, '--write', '--allow-dirty');
  expect(r.code, r.stderr).toBe(0);
  return read(copy, file);
}

describe('every entry point gives a file of a project what `scan .` gives it', () => {
  let lsp: LspSession | undefined;
  afterEach(() => lsp?.dispose());

  it('scan <file> and fix <file> see the project: the channel through a barrel, a helper called from another file', () => {
    const dir = project(FILES);
    const all = scanFindings(dir, '.');
    // The consumer names no client: only its project shows that its channel has no prefetch.
    expect(rowsOf(all, 'src/consumer.ts').map((r) => r.ruleId)).toEqual(['unbounded-prefetch']);
    expect(rowsOf(all, 'src/queues.ts').map((r) => r.ruleId)).toEqual(['transient-nonexclusive-queue']);
    for (const file of ['src/consumer.ts', 'src/queues.ts', 'src/rabbit.ts']) {
      const alone = scanFindings(dir, file);
      expect(alone.every((f) => f.file === file)).toBe(true);
      expect(alone.map(row).sort(byPosition)).toEqual(rowsOf(all, file));
    }
    // fix <file> edits that file as `fix .` does, and only that file.
    for (const file of ['src/consumer.ts', 'src/queues.ts']) {
      const whole = fixedText(dir, file, '.');
      expect(whole).not.toBe(read(dir, file));
      expect(fixedText(dir, file, file)).toBe(whole);
    }
    const copy = fs.mkdtempSync(path.join(path.dirname(dir), 'fix-'));
    fs.cpSync(dir, copy, { recursive: true });
    expect(cli(copy, 'fix', 'src/consumer.ts', '--write', '--allow-dirty').code).toBe(0);
    for (const other of ['src/queues.ts', 'src/rabbit.ts', 'src/index.ts']) expect(read(copy, other)).toBe(read(dir, other));
  });

  it('the language server: the file opened alone, after an edit in it, and after an edit in the module that makes the channel', async () => {
    const dir = project(FILES);
    const uri = (f: string) => pathToFileURL(path.join(dir, f)).href;
    lsp = await LspSession.start({ root: dir });
    await lsp.open(uri('src/consumer.ts'), CONSUMER);
    const shown = async (file: string, version: number) => (await lsp!.diagnostics(uri(file), version)).diagnostics.map(fromDiagnostic).sort(byPosition);
    expect(await shown('src/consumer.ts', 1)).toEqual(rowsOf(scanFindings(dir, '.'), 'src/consumer.ts'));

    // An edit in the file: two lines above everything, as `scan .` of the edited text reports it.
    const edited = `// orders consumer\n\n${CONSUMER}`;
    await lsp.changeFully(uri('src/consumer.ts'), edited);
    const afterEdit = project({ ...FILES, 'src/consumer.ts': edited });
    expect(await shown('src/consumer.ts', 2)).toEqual(rowsOf(scanFindings(afterEdit, '.'), 'src/consumer.ts'));

    // An edit (unsaved) in the module that makes the channel: the consumer's unbounded prefetch goes away.
    await lsp.open(uri('src/rabbit.ts'), RABBIT);
    await lsp.changeFully(uri('src/rabbit.ts'), RABBIT_WITH_PREFETCH);
    const withPrefetch = project({ ...FILES, 'src/consumer.ts': edited, 'src/rabbit.ts': RABBIT_WITH_PREFETCH });
    const expected = rowsOf(scanFindings(withPrefetch, '.'), 'src/consumer.ts');
    expect(expected.map((r) => r.ruleId)).not.toContain('unbounded-prefetch');
    const republished = await lsp.waitFor('the consumer checked again after the edit in rabbit.ts', () =>
      [...lsp!.published].reverse().find((p) => p.uri === uri('src/consumer.ts') && !p.diagnostics.some((d) => d.code === 'unbounded-prefetch')),
    );
    expect(republished.diagnostics.map(fromDiagnostic).sort(byPosition)).toEqual(expected);

    // The helper's file, opened alone too: its finding, placed where the fix goes.
    await lsp.open(uri('src/queues.ts'), QUEUES);
    expect(await shown('src/queues.ts', 1)).toEqual(rowsOf(scanFindings(withPrefetch, '.'), 'src/queues.ts'));
  });

  it('the language server indexes the workspace in the background, with work-done progress the editor shows', async () => {
    const dir = project(FILES);
    const uri = (f: string) => pathToFileURL(path.join(dir, f)).href;
    lsp = await LspSession.start({ root: dir, capabilities: { window: { workDoneProgress: true } } });
    await lsp.open(uri('src/consumer.ts'), CONSUMER);
    const shown = (await lsp.diagnostics(uri('src/consumer.ts'), 1)).diagnostics.map(fromDiagnostic).sort(byPosition);
    expect(shown).toEqual(rowsOf(scanFindings(dir, '.'), 'src/consumer.ts'));
    await lsp.waitFor('the end of the indexing progress', () => lsp!.progress.find((p) => p.value.kind === 'end'));
    expect(lsp.progressTokens).toHaveLength(1);
    const kinds = lsp.progress.filter((p) => p.token === lsp!.progressTokens[0]).map((p) => p.value.kind);
    expect(kinds[0]).toBe('begin');
    expect(kinds[kinds.length - 1]).toBe('end');
    expect(lsp.progress.find((p) => p.value.kind === 'begin')?.value.title).toMatch(/^Indexing /);
  });

  it('the jscodeshift transform writes what fix writes, file by file', () => {
    const dir = project(FILES);
    const jscodeshift = path.join(ROOT, 'node_modules', 'jscodeshift', 'bin', 'jscodeshift.js');
    const transform = path.join(ROOT, 'transforms', 'rabbitmq4.js');
    const expected = Object.fromEntries(['src/consumer.ts', 'src/queues.ts'].map((f) => [f, fixedText(dir, f, '.')]));
    // One file given: the transform still reads its project.
    const r = spawnSync(process.execPath, [jscodeshift, '-t', transform, '--extensions=ts', '--fail-on-error', 'src/consumer.ts'], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } });
    expect(r.status, r.stderr).toBe(0);
    expect(read(dir, 'src/consumer.ts')).toBe(expected['src/consumer.ts']);
    const s = spawnSync(process.execPath, [jscodeshift, '-t', transform, '--extensions=ts', '--fail-on-error', 'src/queues.ts'], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } });
    expect(s.status, s.stderr).toBe(0);
    expect(read(dir, 'src/queues.ts')).toBe(expected['src/queues.ts']);
  });
});
