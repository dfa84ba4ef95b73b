/**
 * The null check fix inserts into a typed handler widens the parameter's written type to admit the null it tests
 * for (consumer-null-message/amqplib-typed-message): the fixture's expected output type-checks with `--strict`
 * against amqplib's own types, and the same file without the widening does not.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers';

const OUTPUT = path.join(ROOT, 'test-fixtures', 'consumer-null-message', 'amqplib-typed-message.output.ts');

function strictErrors(text: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rmq4cm-types-'));
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  fs.writeFileSync(path.join(dir, 'handler.ts'), text);
  const args = ['--noEmit', '--strict', '--esModuleInterop', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--skipLibCheck', 'handler.ts'];
  const r = spawnSync(process.execPath, [path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), ...args], { cwd: dir, encoding: 'utf8' });
  fs.rmSync(dir, { recursive: true, force: true });
  return r.stdout.trim();
}

describe('the inserted null check and the handler type', () => {
  it('the fixed handlers type-check under --strict', () => {
    expect(strictErrors(fs.readFileSync(OUTPUT, 'utf8'))).toBe('');
  });

  it('without the widened types the same file does not (the check and the type would disagree)', () => {
    const unwidened = fs.readFileSync(OUTPUT, 'utf8').replace('async (msg: ConsumeMessage | null) =>', 'async (msg: ConsumeMessage) =>');
    expect(strictErrors(unwidened)).toContain("Type 'null' is not assignable to type 'ConsumeMessage'");
  });
});
