import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TARGET, TARGET_VERSIONS } from '../../src/model';
import { DEFAULT_SETTINGS, readSettings } from '../../src/lsp/settings';
import { ROOT } from '../helpers';

const EXTENSION = path.join(ROOT, 'editors', 'vscode');
const manifest = JSON.parse(fs.readFileSync(path.join(EXTENSION, 'package.json'), 'utf8'));

describe('VS Code extension', () => {
  it('type-checks against @types/vscode and vscode-languageclient', () => {
    const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const r = spawnSync(process.execPath, [tsc, '-p', path.join(EXTENSION, 'tsconfig.json'), '--noEmit'], { cwd: ROOT, encoding: 'utf8' });
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('activates on TypeScript and JavaScript and contributes the settings the server reads', () => {
    expect(manifest.activationEvents).toEqual(['typescript', 'typescriptreact', 'javascript', 'javascriptreact'].map((l) => `onLanguage:${l}`));
    const props = manifest.contributes.configuration.properties;
    expect(props['rabbitmq4-codemod.target']).toMatchObject({ type: 'string', enum: [...TARGET_VERSIONS], default: DEFAULT_TARGET });
    expect(props['rabbitmq4-codemod.disabledRules']).toMatchObject({ type: 'array', items: { type: 'string' }, default: [] });
    expect(manifest.main).toBe('./out/extension.js');

    // What VS Code sends for the synchronized section, serverPath included.
    const sent = { 'rabbitmq4-codemod': { target: '4.1', disabledRules: ['deprecated-queue-argument'], serverPath: '' } };
    expect(readSettings(sent, DEFAULT_SETTINGS)).toEqual({ settings: { target: '4.1', disabledRules: ['deprecated-queue-argument'] }, warnings: [] });
  });
});
