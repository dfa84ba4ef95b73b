import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, project, read, ROOT } from './helpers';

const CONSTANTS = `export const AUDIT_QUEUE = 'audit';

export const AUDIT_OPTIONS = {
  durable: false,
  messageTtl: 60_000,
};
`;
const HELPER = `import type { Channel } from 'amqplib';

export async function declareQueue(ch: Channel, name: string, durable = true) {
  await ch.assertQueue(name, { durable });
}
`;
const SERVICE = `import amqp from 'amqplib';
import { AUDIT_OPTIONS, AUDIT_QUEUE } from './config/queues';
import { declareQueue } from './messaging/declare';

export async function start(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue(AUDIT_QUEUE, AUDIT_OPTIONS);
  await declareQueue(ch, 'payments');
  await declareQueue(ch, 'cache', false);
}
`;

describe('values across files and through wrappers, as a user runs it', () => {
  it('finds both refused declarations at the right place and fix --write makes both legal, touching nothing else', () => {
    const dir = project({ 'src/config/queues.ts': CONSTANTS, 'src/messaging/declare.ts': HELPER, 'src/service.ts': SERVICE, 'src/unrelated.ts': 'export const x = 1;\n' }, { git: true });
    const report = JSON.parse(cli(dir, 'scan', '--format', 'json').stdout);
    expect(report.findings.map((f: { file: string; line: number; column: number; queue: string; severity: string }) => [f.file, f.line, f.column, f.queue, f.severity])).toEqual([
      ['src/service.ts', 7, 9, 'audit', 'error'],
      ['src/service.ts', 9, 35, 'cache', 'error'],
    ]);
    expect(report.findings[0].message).toContain('The value is set at src/config/queues.ts:4.');
    expect(report.findings[1].message).toContain('(Declared by declareQueue() at src/messaging/declare.ts:4.)');

    expect(cli(dir, 'fix', '--write').code).toBe(0);
    expect(read(dir, 'src/config/queues.ts')).toBe(CONSTANTS.replace('durable: false', 'durable: true'));
    expect(read(dir, 'src/service.ts')).toBe(SERVICE.replace("'cache', false", "'cache', true"));
    expect(read(dir, 'src/messaging/declare.ts')).toBe(HELPER);
    expect(execFileSync('git', ['status', '--porcelain'], { cwd: dir, encoding: 'utf8' }).split('\n').filter(Boolean).sort()).toEqual([' M src/config/queues.ts', ' M src/service.ts']);
    expect(JSON.parse(cli(dir, 'scan', '--format', 'json').stdout).findings).toEqual([]);
  });

  it('never parses a file without any RabbitMQ reference unless an import leads to it', () => {
    const dir = project({ 'src/service.ts': SERVICE, 'src/config/queues.ts': CONSTANTS, 'src/messaging/declare.ts': HELPER, 'src/broken.ts': 'export const = ;\n' });
    const report = JSON.parse(cli(dir, 'scan', '--format', 'json', '--fail-on', 'never').stdout);
    expect(report.summary).toMatchObject({ files: 4, parsed: 2, parseErrors: 0 });
    expect(report.errors).toEqual([]);
  });

  it('loads the TypeScript compiler only for an import that tsconfig paths must resolve', () => {
    const probe = (dir: string) =>
      execFileSync(process.execPath, ['-e', `const {runProject}=require(${JSON.stringify(path.join(ROOT, 'dist/engine/project.js'))});runProject(['.'],{cwd:process.cwd()},{target:'4.3'});console.log(Object.keys(require.cache).some((k)=>/node_modules[\\\\/](ts-morph|typescript)[\\\\/]/.test(k)))`], { cwd: dir, encoding: 'utf8' }).trim();
    expect(probe(project({ 'src/service.ts': SERVICE, 'src/config/queues.ts': CONSTANTS, 'src/messaging/declare.ts': HELPER }))).toBe('false');
    const paths = project({
      'tsconfig.json': JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '@config/*': ['src/config/*'] } } }),
      'src/config/queues.ts': CONSTANTS,
      'src/service.ts': "import amqp from 'amqplib';\nimport { AUDIT_OPTIONS } from '@config/queues';\nexport const f = (ch: amqp.Channel) => ch.assertQueue('a', AUDIT_OPTIONS);\n",
    });
    expect(probe(paths)).toBe('true');
    expect(JSON.parse(cli(paths, 'scan', '--format', 'json').stdout).findings.map((f: { queue: string }) => f.queue)).toEqual(['a']);
  });
});
