import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeAtomic } from '../src/fix/write';
import { spawnSync } from 'node:child_process';
import { BIN, cli, project } from './helpers';

const T = "import amqp from 'amqplib';\n";

/** Every file under dir with its exact bytes. */
function snapshot(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const abs = path.join(d, e.name);
      if (e.name === '.git') continue;
      if (e.isDirectory()) walk(abs);
      else if (e.isFile()) out.set(path.relative(dir, abs), fs.readFileSync(abs));
    }
  };
  walk(dir);
  return out;
}

describe('byte-exact preservation outside the edited spans', () => {
  it.each([
    ['CRLF', `${T}export async function f(ch: amqp.Channel) {\r\n  await ch.assertQueue('q', { durable: false });\r\n  await ch.assertQueue('', {\r\n    durable: false,\r\n  });\r\n}\r\n`,
      `${T}export async function f(ch: amqp.Channel) {\r\n  await ch.assertQueue('q', { durable: true });\r\n  await ch.assertQueue('', {\r\n    durable: false,\r\n    exclusive: true,\r\n  });\r\n}\r\n`],
    ['mixed line endings', `${T}export async function f(ch: amqp.Channel) {\r\n  await ch.assertQueue('q', { durable: false });\n  await ch.assertQueue('r', { durable: false });\r\n}\n`,
      `${T}export async function f(ch: amqp.Channel) {\r\n  await ch.assertQueue('q', { durable: true });\n  await ch.assertQueue('r', { durable: true });\r\n}\n`],
    ['UTF-8 byte-order mark', `\uFEFF${T}export const f = (ch: amqp.Channel) => ch.assertQueue('q', { durable: false }); // é ✓\n`,
      `\uFEFF${T}export const f = (ch: amqp.Channel) => ch.assertQueue('q', { durable: true }); // é ✓\n`],
    ['tabs and double quotes', `import amqp from "amqplib";\nexport async function f(ch: amqp.Channel) {\n\tawait ch.assertQueue("", {\n\t\tdurable: false\n\t});\n}\n`,
      `import amqp from "amqplib";\nexport async function f(ch: amqp.Channel) {\n\tawait ch.assertQueue("", {\n\t\tdurable: false,\n\t\texclusive: true\n\t});\n}\n`],
  ])('%s', (_name, input, expected) => {
    const dir = project({ 'a.ts': input }, { git: true });
    expect(cli(dir, 'fix', '--write').code).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'a.ts'), 'utf8')).toBe(expected);
    expect(cli(dir, 'fix', '--check').code).toBe(0);
  });

  it('puts an annotation on its own line, indented like the statement, with the file\'s line ending', () => {
    const input = `${T}export async function f(ch: amqp.Channel) {\r\n\tconst { queue } = await ch.assertQueue('', { arguments: { 'x-queue-type': 'quorum' } });\r\n\treturn queue;\r\n}\r\n`;
    const dir = project({ 'a.ts': input }, { git: true });
    cli(dir, 'fix', '--write');
    const out = fs.readFileSync(path.join(dir, 'a.ts'), 'utf8');
    // Wrapped to the width as consecutive lines, each indented and ended like the file's.
    expect(out).toMatch(/\{\r\n\t\/\/ rabbitmq4-codemod\(quorum-queue-invalid-property\): [^\r\n]+\r\n(?:\t\/\/ [^\r\n]+\r\n)+\tconst \{ queue \}/);
    expect(out.replace(/\t\/\/ rabbitmq4-codemod[^\r\n]*\r\n(?:\t\/\/ [^\r\n]*\r\n)*/, '')).toBe(input);
  });
});

describe('bad input is reported, skipped and never touched, and the run goes on', () => {
  const refused = `${T}export const f = (ch: amqp.Channel) => ch.assertQueue('jobs', { durable: false });\n`;
  const minified = `${T}${'var a=1;'.repeat(6000)}ch.assertQueue('x',{durable:false});\n`;

  function mixed(): string {
    const dir = project(
      {
        'src/ok.ts': refused,
        'src/crlf.ts': refused.replace(/\n/g, '\r\n'),
        'src/broken.ts': `${T}export const f = (ch: amqp.Channel) => ch.assertQueue('x', { durable: false );\n`,
        'vendor/bundle.min.js': minified,
        'src/legal.ts': `${T}export const f = (ch: amqp.Channel) => ch.assertQueue('fine');\n`,
        'README.md': '# not code\n',
      },
      { git: true },
    );
    fs.writeFileSync(path.join(dir, 'src/image.js'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0x61, 0x73, 0x73, 0x65, 0x72, 0x74, 0x51]));
    fs.writeFileSync(path.join(dir, 'src/latin1.ts'), Buffer.concat([Buffer.from(`${T}// caf`), Buffer.from([0xe9]), Buffer.from(`\nexport const f = (ch: amqp.Channel) => ch.assertQueue('l', { durable: false });\n`)]));
    fs.mkdirSync(path.join(dir, 'loop'));
    fs.symlinkSync('..', path.join(dir, 'loop', 'parent'));
    fs.symlinkSync('/etc', path.join(dir, 'src', 'outside'));
    execGit(dir);
    return dir;
  }

  function execGit(dir: string) {
    require('node:child_process').execFileSync('git', ['add', '-A'], { cwd: dir });
    require('node:child_process').execFileSync('git', ['-c', 'user.email=t@example.invalid', '-c', 'user.name=t', 'commit', '-qm', 'all'], { cwd: dir });
  }

  it('scan lists each problem with what and where, and still reports the refused declarations', () => {
    const dir = mixed();
    const r = cli(dir, 'scan', '--format', 'json');
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    expect(report.findings.map((f: { file: string; queue: string }) => `${f.file}:${f.queue}`).sort()).toEqual(['src/crlf.ts:jobs', 'src/ok.ts:jobs']);
    expect(report.errors).toEqual([{ file: 'src/broken.ts', message: expect.stringMatching(/^cannot parse: /), line: 2, column: expect.any(Number) }]);
    expect(report.skipped).toEqual([
      { file: 'src/image.js', message: 'skipped: binary file' },
      { file: 'src/latin1.ts', message: 'skipped: not valid UTF-8' },
      { file: 'vendor/bundle.min.js', message: 'skipped: minified or generated bundle (very long lines; --include-minified PATH reads it)' },
    ]);
    expect(report.summary).toMatchObject({ parseErrors: 1, skipped: 3 });
  });

  it('a tree too deep for any parser to walk is a parse error of that file, with either parser, and the rest is analysed', () => {
    const deep = `${T}export const nested = ${'[\n'.repeat(3000)}${']'.repeat(3000)};\n`;
    const ok = `${T}export const f = (ch: amqp.Channel) => ch.assertQueue('jobs', { durable: false });\n`;
    const dir = project({ 'src/deep.ts': deep, 'src/ok.ts': ok }, { git: true });
    for (const parser of ['oxc', 'babel']) {
      const r = spawnSync(process.execPath, [BIN, 'scan', '--format', 'json'], { cwd: dir, encoding: 'utf8', env: { ...process.env, RABBITMQ4_CODEMOD_PARSER: parser } });
      expect(r.status, `${parser}: ${r.stderr}`).toBe(1);
      const report = JSON.parse(r.stdout);
      expect(report.errors).toEqual([{ file: 'src/deep.ts', message: 'cannot parse: Maximum call stack size exceeded', line: 1, column: 1 }]);
      expect(report.findings.map((f: { file: string }) => f.file)).toEqual(['src/ok.ts']);
    }
  });

  it('fix --write fixes everything fixable and changes no other byte', () => {
    const dir = mixed();
    const before = snapshot(dir);
    const r = cli(dir, 'fix', '--write');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/error src\/broken\.ts: cannot parse \(left untouched\)/);
    expect(r.stdout).toMatch(/src\/latin1\.ts: skipped: not valid UTF-8/);
    const after = snapshot(dir);
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    const changed = [...after].filter(([p, b]) => !b.equals(before.get(p)!)).map(([p]) => p).sort();
    expect(changed).toEqual(['src/crlf.ts', 'src/ok.ts']);
    expect(after.get('src/ok.ts')!.toString()).toBe(refused.replace('durable: false', 'durable: true'));
    expect(after.get('src/crlf.ts')!.toString()).toBe(refused.replace(/\n/g, '\r\n').replace('durable: false', 'durable: true'));
  });

  it('skips files over the size limit with a note', () => {
    const dir = project({ 'big.ts': `${refused}// ${'x'.repeat(3000)}\n`, 'small.ts': refused });
    const report = JSON.parse(cli(dir, 'scan', '--format', 'json', '--max-file-size', '2k').stdout);
    expect(report.skipped).toEqual([{ file: 'big.ts', message: expect.stringMatching(/^skipped: \d+ bytes is over the size limit of 2048 bytes \(--max-file-size\)$/) }]);
    expect(report.findings.map((f: { file: string }) => f.file)).toEqual(['small.ts']);
  });
});

describe('atomic writes', () => {
  it('refuses to overwrite a file that changed after it was read, and leaves no temp file', () => {
    const dir = project({ 'a.ts': 'one\n' });
    const file = path.join(dir, 'a.ts');
    fs.writeFileSync(file, 'changed by someone else\n');
    expect(writeAtomic(file, 'one\n', 'two\n')).toEqual({ ok: false, reason: 'it changed while rabbitmq4-codemod ran; run fix again' });
    expect(fs.readFileSync(file, 'utf8')).toBe('changed by someone else\n');
    expect(fs.readdirSync(dir)).toEqual(['a.ts']);
    expect(writeAtomic(file, 'changed by someone else\n', 'two\n')).toEqual({ ok: true });
    expect(fs.readFileSync(file, 'utf8')).toBe('two\n');
  });
});
