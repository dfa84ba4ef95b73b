import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DiagnosticSeverity, FileChangeType, MessageType } from 'vscode-languageserver-protocol/node';
import { project } from '../helpers';
import { DEFAULT_CAPABILITIES, LspSession, WORKER, type StartOptions } from './lsp-session';

let session: LspSession | undefined;
afterEach(() => session?.dispose());

const RULE = 'transient-nonexclusive-queue';
const CONFIG = 'rabbitmq4-codemod.config.json';

/** A workspace holding worker.ts and the given files, the server started on it, worker.ts open. */
async function workspace(files: Record<string, string>, options: Omit<StartOptions, 'root'> = {}) {
  const dir = project({ 'worker.ts': WORKER, ...files });
  session = await LspSession.start({ ...options, root: dir });
  const uri = pathToFileURL(path.join(dir, 'worker.ts')).href;
  await session.open(uri, WORKER);
  const configChanged = async (name: string, text: string) => {
    fs.writeFileSync(path.join(dir, name), text);
    await session!.filesChanged([{ uri: pathToFileURL(path.join(dir, name)).href, type: FileChangeType.Changed }]);
  };
  return { dir, s: session, uri, configChanged };
}

const severities = (p: { diagnostics: { code?: string | number; severity?: number }[] }) => p.diagnostics.map((d) => [d.code, d.severity]);

describe('lsp: the project config file', () => {
  it("uses the config file's target, over the editor's (which editors send even when the user did not set it)", async () => {
    const { s, uri } = await workspace({ [CONFIG]: JSON.stringify({ target: '4.1' }) }, { initializationOptions: { target: '4.3' } });
    // 4.1 only warns about transient non-exclusive queues; 4.3 refuses them.
    expect(severities(await s.diagnostics(uri, 1))).toEqual([[RULE, DiagnosticSeverity.Warning]]);
    await s.configure({ 'rabbitmq4-codemod': { target: '4.0' } });
    // The editor's settings changed (a re-check), the result did not: the config still says 4.1.
    expect(severities(await s.publication(uri, 2))).toEqual([[RULE, DiagnosticSeverity.Warning]]);
  });

  it("turns rules off (with the editor's disabledRules added) and sets severities", async () => {
    const off = await workspace({ 'package.json': JSON.stringify({ name: 'x', 'rabbitmq4-codemod': { rules: { [RULE]: 'off' } } }) });
    expect((await off.s.diagnostics(off.uri, 1)).diagnostics).toEqual([]);
    off.s.dispose();

    const info = await workspace({ [CONFIG]: JSON.stringify({ rules: { [RULE]: 'info' } }) });
    expect(severities(await info.s.diagnostics(info.uri, 1))).toEqual([[RULE, DiagnosticSeverity.Information]]);
    await info.s.configure({ 'rabbitmq4-codemod': { disabledRules: [RULE] } });
    expect((await info.s.publication(info.uri, 2)).diagnostics).toEqual([]);
  });

  it('re-checks open documents when the config file changes on disk', async () => {
    const { s, uri, configChanged } = await workspace({});
    expect(severities(await s.diagnostics(uri, 1))).toEqual([[RULE, DiagnosticSeverity.Error]]);
    await configChanged(CONFIG, JSON.stringify({ target: '4.1' }));
    expect(severities(await s.publication(uri, 2))).toEqual([[RULE, DiagnosticSeverity.Warning]]);
    await configChanged('package.json', JSON.stringify({ name: 'x' }));
    await configChanged(CONFIG, JSON.stringify({ rules: { [RULE]: 'off' } }));
    expect((await s.publication(uri, 3)).diagnostics).toEqual([]);
  });

  it("leaves out files the config file's exclude names, as the CLI does, and takes them back when it changes", async () => {
    const { s, uri, configChanged } = await workspace({ [CONFIG]: JSON.stringify({ exclude: ['worker.ts'] }) });
    expect((await s.diagnostics(uri, 1)).diagnostics).toEqual([]);
    await configChanged(CONFIG, JSON.stringify({ exclude: ['legacy/**'] }));
    expect(severities(await s.publication(uri, 2))).toEqual([[RULE, DiagnosticSeverity.Error]]);
  });

  it('reports a bad config file to the client, keeps working without it, and takes it once fixed', async () => {
    const { s, uri, configChanged } = await workspace({ [CONFIG]: '{ "target": "4.1", }' });
    const shown = await s.waitForShownMessage(/rabbitmq4-codemod\.config\.json: invalid JSON/);
    expect(shown.type).toBe(MessageType.Error);
    expect(severities(await s.diagnostics(uri, 1))).toEqual([[RULE, DiagnosticSeverity.Error]]);

    await configChanged(CONFIG, JSON.stringify({ rules: { 'no-such-rule': 'off' } }));
    await s.waitForShownMessage(/unknown rule "no-such-rule"/);
    await configChanged(CONFIG, JSON.stringify({ target: '4.1' }));
    expect(severities(await s.publication(uri, 2))).toEqual([[RULE, DiagnosticSeverity.Warning]]);
    expect(s.child.exitCode).toBeNull();
  });

  it('asks a client that allows it to watch the source, config, line-width and ignore files, and survives a client that refuses', async () => {
    const capabilities = { ...DEFAULT_CAPABILITIES, workspace: { ...DEFAULT_CAPABILITIES.workspace, didChangeWatchedFiles: { dynamicRegistration: true } } };
    for (const refuseRegistrations of [false, true]) {
      session?.dispose();
      const { s, uri } = await workspace({}, { capabilities, refuseRegistrations });
      const registration = await s.waitForRegistration();
      expect(registration.registrations.map((r) => [r.method, r.registerOptions])).toEqual([
        ['workspace/didChangeWatchedFiles', { watchers: [{ globPattern: '**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs,json}' }, { globPattern: '**/{.prettierrc,.prettierrc.*,prettier.config.*,.editorconfig}' }, { globPattern: '**/.gitignore' }] }],
      ]);
      if (refuseRegistrations) await s.waitForLog(/cannot watch files/);
      expect((await s.diagnostics(uri, 1)).diagnostics.map((d) => d.code)).toEqual([RULE]);
    }
  });
});
