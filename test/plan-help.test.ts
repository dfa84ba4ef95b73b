/**
 * Issue 32: every flag and environment variable `plan` and `audit` read is in `--help`. The flags are the ones the
 * commands' parsers accept (PLAN_FLAGS, AUDIT_FLAGS); the environment variables are the ones the modules those commands
 * run read (process.env.X, a RABBITMQ4_CODEMOD_* name, the broker's ENV table). A flag or variable added without help
 * fails here.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENV } from '../src/broker/endpoint';
import { AUDIT_FLAGS } from '../src/cli/audit';
import { HELP } from '../src/cli/main';
import { PLAN_FLAGS } from '../src/cli/plan';
import { cli, project } from './helpers';

const SRC = path.resolve(__dirname, '../src');
const files = (dir: string) => fs.readdirSync(path.join(SRC, dir)).filter((f) => f.endsWith('.ts')).map((f) => path.join(SRC, dir, f));
/** The modules plan and audit run besides the analysis: the commands, the broker, the plan, the audit, the report links. */
const READERS = [...files('broker'), ...files('plan'), ...files('audit'), ...['cli/plan.ts', 'cli/audit.ts', 'cli/broker-flags.ts', 'cli/common.ts', 'report/docs-url.ts'].map((f) => path.join(SRC, f))];

function variablesRead(): string[] {
  const names = new Set<string>(Object.values(ENV));
  for (const f of READERS) {
    const text = fs.readFileSync(f, 'utf8');
    for (const m of text.matchAll(/process\.env\.([A-Z][A-Z0-9_]+)/g)) names.add(m[1]);
    for (const m of text.matchAll(/['"`](RABBITMQ4_CODEMOD_[A-Z0-9_]+)['"`]/g)) names.add(m[1]);
  }
  return [...names].sort();
}

describe('plan and audit --help', () => {
  it('lists every flag plan and audit accept', () => {
    const flags = [...new Set([...Object.keys(PLAN_FLAGS), ...Object.keys(AUDIT_FLAGS)])].filter((f) => f !== 'help' && f !== 'h');
    expect(flags).toEqual(expect.arrayContaining(['amqp-url', 'management-url', 'verify', 'ca-file', 'node', 'broker-config']));
    expect(flags.filter((f) => !new RegExp(`--${f}(?![a-z-])`).test(HELP))).toEqual([]);
  });

  it('lists every environment variable they read', () => {
    const names = variablesRead();
    // The walk finds what it checks (the test would pass vacuously otherwise).
    expect(names).toEqual(expect.arrayContaining(['RABBITMQ4_CODEMOD_AMQP_URL', 'RABBITMQ4_CODEMOD_MANAGEMENT_URL', 'RABBITMQ4_CODEMOD_PASSWORD', 'NO_COLOR', 'SSL_CERT_FILE']));
    expect(names.filter((n) => !new RegExp(`\\b${n}\\b`).test(HELP))).toEqual([]);
  });

  it('is what `plan --help` prints', () => {
    const r = cli(project({ 'a.ts': '' }), 'plan', '--help');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('--amqp-url URL');
    expect(r.stdout).toContain('RABBITMQ4_CODEMOD_AMQP_URL');
    expect(r.stdout).toContain('"not verified"');
  });
});
