import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze, isRelevant } from '../src/engine/analyze';
import { CLIENTS } from '../src/clients';
import { deal, importComponents } from '../src/engine/workers';
import { ProjectIndex } from '../src/index/project-index';
import { FileSystemView } from '../src/index/file-system';
import { factsOf } from '../src/engine/candidates';
import { progressLine } from '../src/cli/progress';
import { cli, project, ROOT } from './helpers';

const WORKER = `import amqp from 'amqplib';

export async function start(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('jobs', { durable: false });
}
`;
/** Not TypeScript at all: if it were ever parsed, it would be reported as a parse error. */
const UNPARSEABLE = 'export const = ;;; function {{{ <<< this is not code\n';

describe('the prefilter: a file without any RabbitMQ reference is never parsed', () => {
  it('analyze leaves it out (no parse error, no model)', () => {
    const a = analyze(
      [
        { path: 'src/worker.ts', text: WORKER },
        { path: 'src/broken.ts', text: UNPARSEABLE },
      ],
      { target: '4.3', cwd: '/nonexistent' },
    );
    const broken = a.files.find((f) => f.path === 'src/broken.ts')!;
    expect(broken.status).toBe('not-relevant');
    expect(broken.error).toBeUndefined();
    expect(broken.model).toBeUndefined();
    expect(a.files.find((f) => f.path === 'src/worker.ts')!.status).toBe('analysed');
  });

  it('scan reports it as neither parsed nor a parse error', () => {
    const dir = project({ 'src/worker.ts': WORKER, 'src/broken.ts': UNPARSEABLE, 'src/util.js': UNPARSEABLE });
    const r = cli(dir, 'scan', '--format', 'json', '--fail-on', 'never');
    const report = JSON.parse(r.stdout);
    expect(report.summary).toMatchObject({ files: 3, parsed: 1, parseErrors: 0 });
    expect(report.errors).toEqual([]);
  });

  it('the combined pattern accepts exactly what the clients accept one by one', () => {
    const texts = [
      WORKER,
      UNPARSEABLE,
      "const amqp = require('amqplib/callback_api');",
      "import { Connection } from 'rabbitmq-client';",
      "import { AMQPClient } from '@cloudamqp/amqp-client';",
      "import { Transport } from '@nestjs/microservices';",
      'export const x = 1;',
      ...CLIENTS.map((c) => `// ${c.mentions.source}`),
    ];
    for (const t of texts) expect(isRelevant(t)).toBe(CLIENTS.some((c) => c.mentions.test(t)));
  });
});

describe('candidate selection by the project: what can hold a RabbitMQ call is parsed, nothing else', () => {
  const RABBIT = "import amqp from 'amqplib';\nexport const channel = await (await amqp.connect('amqp://localhost')).createChannel();\n";
  const CONSUMER = "import { channel } from './rabbit';\nchannel.consume('orders', (msg) => msg && channel.ack(msg));\n";
  const statusOf = (files: Record<string, string>) => {
    const a = analyze(Object.entries(files).map(([p, text]) => ({ path: p, text })), { target: '4.3', cwd: '/nonexistent' });
    return Object.fromEntries(a.files.filter((f) => f.status !== 'dependency').map((f) => [f.path, f.status]));
  };

  it('a file that imports a module that names a client is parsed, directly or through another module, and its consumer found', () => {
    const files = { 'src/rabbit.ts': RABBIT, 'src/consumer.ts': CONSUMER, 'src/index.ts': "import './consumer';\n", 'src/util.ts': 'export const x = 1;\n' };
    expect(statusOf(files)).toEqual({ 'src/rabbit.ts': 'analysed', 'src/consumer.ts': 'analysed', 'src/index.ts': 'analysed', 'src/util.ts': 'not-relevant' });
    const a = analyze(Object.entries(files).map(([p, text]) => ({ path: p, text })), { target: '4.3', cwd: '/nonexistent' });
    expect(a.files.flatMap((f) => f.findings.map((x) => `${x.file}:${x.line} ${x.ruleId}`))).toEqual(['src/consumer.ts:2 unbounded-prefetch']);
  });

  it("a file with a client's call shape is parsed only in a project that uses a client", () => {
    const shaped = `ctx.consume('orders', handler);\n${UNPARSEABLE}`;
    expect(statusOf({ 'src/rabbit.ts': RABBIT, 'src/worker.ts': shaped })).toEqual({ 'src/rabbit.ts': 'analysed', 'src/worker.ts': 'parse-error' });
    expect(statusOf({ 'src/other.ts': 'export const y = 2;\n', 'src/worker.ts': shaped })).toEqual({ 'src/other.ts': 'not-relevant', 'src/worker.ts': 'not-relevant' });
  });

  it('importing a module that names no client does not make a file a candidate', () => {
    expect(statusOf({ 'src/rabbit.ts': RABBIT, 'src/a.ts': "import { x } from './b';\n", 'src/b.ts': `export const x = 1;\n${UNPARSEABLE}` })).toEqual({
      'src/rabbit.ts': 'analysed',
      'src/a.ts': 'not-relevant',
      'src/b.ts': 'not-relevant',
    });
  });
});

describe('worker threads', () => {
  it('groups files by their imports, and deals whole groups', () => {
    const dir = project({
      'a.ts': "import { Q } from './b';\nimport amqp from 'amqplib';\n",
      'b.ts': "export const Q = 'q';\n",
      'c.ts': "const amqp = require('amqplib');\nconst x = require('./d.js');\n",
      'd.ts': 'export {};\n',
      'e.ts': "import amqp from 'amqplib';\n",
      'f.ts': 'export const unrelated = 1;\n',
    });
    const inputs = ['a.ts', 'b.ts', 'c.ts', 'd.ts', 'e.ts', 'f.ts'].map((p) => ({ path: p, text: fs.readFileSync(path.join(dir, p), 'utf8'), absolute: path.join(dir, p) }));
    const index = new ProjectIndex(new FileSystemView(), inputs.map((i) => ({ absolute: i.absolute, path: i.path, facts: factsOf(i.path, i.text) })));
    const candidates = new Set(inputs.filter((i) => i.text.includes('amqplib')).map((i) => i.absolute));
    const at = (...names: string[]) => names.map((n) => path.join(dir, n));
    const groups = importComponents(index, candidates);
    expect(groups).toEqual([at('a.ts', 'b.ts'), at('c.ts', 'd.ts'), at('e.ts')]);
    const shares = deal(groups, () => 1, 2, (files) => index.inOrder(files));
    expect(shares.flat().sort()).toEqual(at('a.ts', 'b.ts', 'c.ts', 'd.ts', 'e.ts'));
    for (const share of shares) expect(share).toEqual(index.inOrder(share));
  });

  it('the JSON report is identical with and without workers on a multi-file project', () => {
    // The compiled engine: worker threads run the compiled worker script (npm test builds first).
    const dist = path.join(ROOT, 'dist');
    const { runProject } = require(path.join(dist, 'engine/project.js')) as typeof import('../src/engine/project');
    const { buildReport } = require(path.join(dist, 'report/model.js')) as typeof import('../src/report/model');
    const { renderJson } = require(path.join(dist, 'report/json.js')) as typeof import('../src/report/json');
    // Every fixture input (single files and multi-file projects with cross-file values and wrappers), each in its own directory.
    const files: Record<string, string> = {};
    const fixtures = path.join(ROOT, 'test-fixtures');
    for (const rule of fs.readdirSync(fixtures)) {
      for (const entry of fs.readdirSync(path.join(fixtures, rule))) {
        const abs = path.join(fixtures, rule, entry);
        if (/\.input\.(ts|js|tsx|mjs|cjs)$/.test(entry)) files[`${rule}/${entry.replace('.input', '')}`] = fs.readFileSync(abs, 'utf8');
        else if (entry.endsWith('.input') && fs.statSync(abs).isDirectory() && !fs.existsSync(path.join(abs, 'tsconfig.json'))) {
          for (const f of fs.readdirSync(abs, { recursive: true }) as string[]) {
            const p = path.join(abs, f);
            if (fs.statSync(p).isFile()) files[`${rule}/${entry.replace('.input', '')}/${f}`] = fs.readFileSync(p, 'utf8');
          }
        }
      }
    }
    expect(Object.keys(files).length).toBeGreaterThan(100);
    const dir = project(files, { git: true });
    const options = { target: '4.3' as const };
    const single = runProject(['.'], { cwd: dir, workers: 0 }, options);
    expect(single.analysis.files.some((f) => f.model)).toBe(true);
    const edits = (run: typeof single) => run.analysis.files.map((f) => [f.path, f.status, f.edits]);
    // Two threads (this one and a worker), and three (two workers): the same report, in the same order.
    for (const threads of [2, 3]) {
      const parallel = runProject(['.'], { cwd: dir, workers: threads }, options);
      const { lastFallback } = require(path.join(dist, 'engine/workers.js')) as typeof import('../src/engine/workers');
      expect(lastFallback).toBeUndefined();
      // The parallel path did the work: its results carry no models.
      expect(parallel.analysis.files.some((f) => f.model)).toBe(false);
      expect(parallel.analysis.files.filter((f) => f.status === 'analysed').length).toBeGreaterThan(100);
      expect(renderJson(buildReport(parallel))).toBe(renderJson(buildReport(single)));
      expect(edits(parallel)).toEqual(edits(single));
    }
  });
});

describe('reading a large project in two threads', () => {
  it('gives the same index, selection and report as one thread (6,500 files, a cache too)', () => {
    const dist = path.join(ROOT, 'dist');
    const { runProject } = require(path.join(dist, 'engine/project.js')) as typeof import('../src/engine/project');
    const { buildReport } = require(path.join(dist, 'report/model.js')) as typeof import('../src/report/model');
    const { renderJson } = require(path.join(dist, 'report/json.js')) as typeof import('../src/report/json');
    const files: Record<string, string> = { 'package.json': '{ "name": "big", "dependencies": { "amqplib": "^0.10.9" } }\n' };
    for (let i = 0; i < 6500; i++) files[`src/m${Math.floor(i / 100)}/f${i}.ts`] = i % 500 === 0 ? `import { ch } from '../../rabbit';\nexport const q${i} = () => ch.assertQueue('q${i}', { durable: false });\n` : `export const v${i} = ${i};\n`;
    files['rabbit.ts'] = "import amqp from 'amqplib';\nexport let ch: amqp.Channel;\n";
    const dir = project(files, { git: true });
    const options = { target: '4.3' as const };
    const json = (run: ReturnType<typeof runProject>) => renderJson(buildReport(run));
    const single = runProject(['.'], { cwd: dir, workers: 0 }, options);
    const { lastReadThreads } = require(path.join(dist, 'engine/workers.js')) as typeof import('../src/engine/workers');
    expect(lastReadThreads).toBe(1);
    const parallel = runProject(['.'], { cwd: dir, workers: 2 }, options);
    expect((require(path.join(dist, 'engine/workers.js')) as typeof import('../src/engine/workers')).lastReadThreads).toBe(2);
    expect(json(parallel)).toBe(json(single));
    expect(single.analysis.files.flatMap((f) => f.findings).length).toBe(13);
    const cache = { file: path.join(dir, '.cache') };
    const cold = runProject(['.'], { cwd: dir, workers: 2, cache }, options);
    const warm = runProject(['.'], { cwd: dir, workers: 2, cache }, options);
    expect(warm.cache).toEqual({ reused: cold.cache!.analysed, analysed: 0, unchanged: true });
    expect(json({ ...warm, cache: undefined })).toBe(json(single));
  });
});

/** Runs `run` with an environment variable set (or unset), restoring it after. */
function withEnv<T>(name: string, value: string | undefined, run: () => T): T {
  const before = process.env[name];
  const set = (v: string | undefined) => (v === undefined ? delete process.env[name] : (process.env[name] = v));
  set(value);
  try {
    return run();
  } finally {
    set(before);
  }
}

describe('threads by default', () => {
  const dist = path.join(ROOT, 'dist');
  const inputs = Array.from({ length: 600 }, (_, i) => ({ path: `src/w${i}.ts`, text: WORKER }));
  const withParser = <T>(parser: string | undefined, run: () => T): T => withEnv('RABBITMQ4_CODEMOD_PARSER', parser, run);

  it('scan uses one thread per core (auto) with the native parser, and this thread only with Babel, whose warm-up every thread pays', () => {
    const { workerCount } = require(path.join(dist, 'engine/workers.js')) as typeof import('../src/engine/workers');
    const cores = Math.min(require('node:os').availableParallelism(), 8);
    expect(withParser(undefined, () => workerCount(inputs, 'auto'))).toBe(cores > 1 ? cores : 0);
    expect(withParser('babel', () => workerCount(inputs, 'auto'))).toBe(0);
    // An explicit count is what the user asked for, whatever the parser.
    expect(withParser('babel', () => workerCount(inputs, 2))).toBe(2);
    // Too few files to pay for a worker.
    expect(withParser(undefined, () => workerCount(inputs.slice(0, 10), 'auto'))).toBe(0);
  });

  it('the CLI reads RABBITMQ4_CODEMOD_WORKERS: unset or auto means auto, a number means that many threads', async () => {
    const { workersSetting } = await import('../src/cli/scan');
    const read = (v: string | undefined) => withEnv('RABBITMQ4_CODEMOD_WORKERS', v, workersSetting);
    expect([read(undefined), read(''), read('auto'), read('1'), read('0'), read('3')]).toEqual(['auto', 'auto', 'auto', 1, 0, 3]);
  });
});

describe('progress', () => {
  const sink = (isTTY: boolean) => {
    const out: string[] = [];
    return { out, stream: { isTTY, write: (s: string) => out.push(s) } };
  };

  it('says nothing when stderr is not a terminal, or in CI', () => {
    for (const [tty, env] of [[false, {}], [true, { CI: 'true' }]] as const) {
      const { out, stream } = sink(tty);
      let t = 0;
      const p = progressLine(stream, env, () => (t += 5000));
      p.update(1, 10);
      p.done();
      expect(out).toEqual([]);
    }
  });

  it('updates one line after the first second, and erases it at the end', () => {
    const { out, stream } = sink(true);
    let t = 0;
    const p = progressLine(stream, {}, () => t);
    p.update(1, 10);
    expect(out).toEqual([]);
    t = 1500;
    p.update(5, 10);
    t = 1550;
    p.update(6, 10);
    t = 1700;
    p.update(10, 10);
    p.done();
    expect(out).toEqual(['\r\x1b[Kscanned 5/10 files', '\r\x1b[Kscanned 10/10 files', '\r\x1b[K']);
  });
});
