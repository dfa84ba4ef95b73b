import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DiagnosticSeverity } from 'vscode-languageserver-protocol/node';
import { ROOT } from '../helpers';
import { fileUri, LspSession, WORKER } from './lsp-session';

let session: LspSession;
beforeEach(async () => {
  session = await LspSession.start();
});
afterEach(() => session.dispose());

const uri = fileUri('worker.ts');

describe('lsp diagnostics', () => {
  it('advertises incremental sync, the code action kinds and hover', () => {
    expect(session.initializeResult.capabilities).toMatchObject({
      textDocumentSync: { openClose: true, change: 2 },
      codeActionProvider: { codeActionKinds: ['quickfix', 'source.fixAll.rabbitmq4-codemod'] },
      hoverProvider: true,
    });
    expect(session.initializeResult.serverInfo?.name).toBe('rabbitmq4-codemod');
  });

  it('publishes a refused declaration on open, with rule id, severity, range and docs link', async () => {
    await session.open(uri, WORKER);
    const { diagnostics } = await session.diagnostics(uri, 1);
    const falseAt = WORKER.indexOf('false');
    expect(diagnostics).toEqual([
      {
        range: { start: { line: 3, character: 42 }, end: { line: 3, character: 47 } },
        severity: DiagnosticSeverity.Error,
        source: 'rabbitmq4-codemod',
        code: 'transient-nonexclusive-queue',
        codeDescription: { href: `${pathToFileURL(path.join(ROOT, 'MIGRATION.md')).href}#transient-nonexclusive-queue` },
        message: expect.stringMatching(/^queue 'jobs' is transient .*\n541 INTERNAL_ERROR - Feature `transient_nonexcl_queues` is deprecated\.$/),
        data: expect.objectContaining({ version: 1, start: falseAt, end: falseAt + 5, fix: 'rewrite' }),
      },
    ]);
    const href = diagnostics[0].codeDescription!.href;
    const migration = fs.readFileSync(fileURLToPath(href.split('#')[0]), 'utf8');
    expect(migration).toContain('## transient-nonexclusive-queue');
  });

  it('publishes an empty list for a document with nothing to report, and clears diagnostics on close', async () => {
    const clean = fileUri('clean.ts');
    await session.open(clean, 'export const x = 1;\n');
    expect((await session.diagnostics(clean, 1)).diagnostics).toEqual([]);

    await session.open(uri, WORKER);
    expect((await session.diagnostics(uri, 1)).diagnostics).toHaveLength(1);
    await session.close(uri);
    const cleared = await session.diagnostics(uri, null);
    expect(cleared.diagnostics).toEqual([]);
  });

  it('debounces changes: only the newest of several quick versions is published', async () => {
    await session.open(uri, WORKER);
    await session.diagnostics(uri, 1);
    await session.changeFully(uri, WORKER.replace("'jobs'", "'jobs-2'"));
    await session.changeFully(uri, WORKER.replace("'jobs'", "'jobs-3'"));
    const latest = await session.diagnostics(uri, 3);
    expect(latest.diagnostics[0].message).toContain("queue 'jobs-3'");
    // A later run for version 2 would arrive after version 3's; wait past one more debounce period.
    await new Promise((r) => setTimeout(r, 400));
    expect(session.published.filter((p) => p.uri === uri).map((p) => p.version)).toEqual([1, 3]);
  });

  it('gives a statement that does not parse one parse-error diagnostic where it is, and keeps the findings of the rest', async () => {
    const broken = fileUri('broken.ts');
    await session.open(broken, `${WORKER}const x = {;\n`);
    const { diagnostics } = await session.diagnostics(broken, 1);
    expect(diagnostics.map((d) => d.code)).toEqual(['parse-error', 'transient-nonexclusive-queue']);
    expect(diagnostics[0]).toEqual({
      severity: DiagnosticSeverity.Error,
      source: 'rabbitmq4-codemod',
      code: 'parse-error',
      message: 'Unexpected token (line 6 is not checked until it parses)',
      range: { start: { line: 5, character: 11 }, end: { line: 5, character: 12 } },
    });

    const fixedVersion = await session.changeFully(broken, WORKER);
    expect((await session.diagnostics(broken, fixedVersion)).diagnostics.map((d) => d.code)).toEqual(['transient-nonexclusive-queue']);
  });

  it('analyses an unsaved untitled buffer by its language id', async () => {
    const untitled = 'untitled:Untitled-1';
    await session.open(untitled, WORKER.replace('url: string', 'url'), 'javascript');
    expect((await session.diagnostics(untitled, 1)).diagnostics.map((d) => d.code)).toEqual(['transient-nonexclusive-queue']);
  });

  it('keeps stdout for the protocol only', async () => {
    await session.open(uri, WORKER);
    await session.diagnostics(uri, 1);
    await session.shutdownAndExit();
    expect(await session.exitCode()).toBe(0);
    expect(session.protocolErrors).toEqual([]);
  });
});
