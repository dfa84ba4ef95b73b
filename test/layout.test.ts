// The source layout's rules (src/ARCHITECTURE.md): which way imports go, one folder per client library,
// the families clients build on, and an opening comment on every source file.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLIENTS } from '../src/clients';

const SRC = path.resolve(__dirname, '../src');
const CLIENTS_DIR = path.join(SRC, 'clients');

/** What each client library's folder may import from src/clients besides itself and types.ts. */
const BUILDS_ON: Record<string, string[]> = {
  amqplib: ['amqplib-family', 'model-builders'],
  'amqp-connection-manager': ['amqplib-family', 'model-builders'],
  'amqp-ts': ['amqplib-family', 'queue-object-libraries', 'model-builders'],
  'foo-foo-mq': ['amqplib-family', 'queue-object-libraries', 'model-builders'],
  jackrabbit: ['queue-object-libraries', 'model-builders'],
  'node-amqp': ['queue-object-libraries', 'model-builders'],
  'nestjs-microservices': ['nestjs-family', 'amqplib-family', 'model-builders'],
  'golevelup-nestjs-rabbitmq': ['nestjs-family', 'amqplib-family', 'model-builders'],
  'rabbitmq-client': ['object-api', 'model-builders'],
  'cloudamqp-amqp-client': ['object-api', 'model-builders'],
  rascal: ['declarative-config', 'model-builders'],
  moleculer: ['moleculer-family', 'declarative-config'],
  'moleculer-channels': ['moleculer-family', 'declarative-config'],
  rhea: ['model-builders'],
};

/** The folders several clients share, and what each of them may build on. */
const FAMILIES: Record<string, string[]> = {
  'model-builders': [],
  'amqplib-family': ['model-builders'],
  'object-api': ['model-builders'],
  'queue-object-libraries': ['model-builders'],
  'nestjs-family': ['model-builders'],
  'declarative-config': [],
  'moleculer-family': ['declarative-config', 'model-builders'],
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') ? [full] : [];
  });
}

/** The files under src/ that `file` imports (relative specifiers only), as absolute paths without extension. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|\brequire\s*\(\s*|^import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm)].map((m) => m[1]);
  return specs.map((s) => {
    const target = path.resolve(path.dirname(file), s);
    return fs.existsSync(`${target}.ts`) ? target : path.join(target, 'index');
  });
}

const layerOf = (absolute: string) => path.relative(SRC, absolute).split(path.sep)[0];
/** The folder under src/clients a file belongs to ('' for the files directly in src/clients). */
const clientFolderOf = (absolute: string) => {
  const parts = path.relative(CLIENTS_DIR, absolute).split(path.sep);
  return parts.length > 1 ? parts[0] : '';
};

const ALL = sourceFiles(SRC);
const edges = ALL.flatMap((from) => importsOf(from).map((to) => ({ from, to })));
const shown = (e: { from: string; to: string }) => `${path.relative(SRC, e.from)} imports ${path.relative(SRC, e.to)}`;

describe('source layout', () => {
  it('finds the imports it checks (the test would pass vacuously otherwise)', () => {
    expect(edges.length).toBeGreaterThan(500);
    expect(edges.some((e) => layerOf(e.from) === 'engine' && layerOf(e.to) === 'clients')).toBe(true);
  });

  it('rules read only the model: no rule imports a client, the parser or the resolver', () => {
    const bad = edges.filter((e) => layerOf(e.from) === 'rules' && ['clients', 'parse', 'resolve', 'handlers'].includes(layerOf(e.to)));
    expect(bad.map(shown)).toEqual([]);
  });

  it('the handler analysis and the resolver do not depend on clients', () => {
    const bad = edges.filter((e) => ['handlers', 'resolve', 'parse', 'fix'].includes(layerOf(e.from)) && layerOf(e.to) === 'clients');
    expect(bad.map(shown)).toEqual([]);
  });

  it('outside src/clients, only the engine reaches clients, and only through the registry and types.ts', () => {
    const registry = [path.join(CLIENTS_DIR, 'index'), path.join(CLIENTS_DIR, 'types')];
    const bad = edges.filter((e) => layerOf(e.from) !== 'clients' && layerOf(e.to) === 'clients' && !(layerOf(e.from) === 'engine' && registry.includes(e.to)));
    expect(bad.map(shown)).toEqual([]);
  });

  it('every client library has its own folder with an index.ts that exports only its ClientModule', () => {
    const folders = Object.keys(BUILDS_ON).sort();
    const onDisk = fs.readdirSync(CLIENTS_DIR, { withFileTypes: true }).filter((e) => e.isDirectory() && !(e.name in FAMILIES)).map((e) => e.name).sort();
    expect(onDisk).toEqual(folders);
    expect(CLIENTS.map((c) => c.name).sort()).toEqual(folders.map((f) => (f === 'cloudamqp-amqp-client' ? '@cloudamqp/amqp-client' : f === 'nestjs-microservices' ? '@nestjs/microservices' : f === 'golevelup-nestjs-rabbitmq' ? '@golevelup/nestjs-rabbitmq' : f === 'moleculer-channels' ? '@moleculer/channels' : f)).sort());
    for (const folder of folders) {
      const index = fs.readFileSync(path.join(CLIENTS_DIR, folder, 'index.ts'), 'utf8');
      const exported = [...index.matchAll(/^export\s+(?:const|function|class|let|type|interface)\s+([A-Za-z_$][\w$]*)/gm)].map((m) => m[1]);
      expect({ folder, exported: exported.length }).toEqual({ folder, exported: 1 });
      expect(index).toMatch(new RegExp(`export const ${exported[0]}: ClientModule`));
    }
  });

  it('a client imports no other client folder, only the families it builds on', () => {
    const bad = edges.filter((e) => {
      if (layerOf(e.from) !== 'clients' || layerOf(e.to) !== 'clients') return false;
      const from = clientFolderOf(e.from);
      const to = clientFolderOf(e.to);
      if (from === to || to === '' || from === '') return false;
      const allowed = BUILDS_ON[from] ?? FAMILIES[from];
      return !allowed || !allowed.includes(to);
    });
    expect(bad.map(shown)).toEqual([]);
  });

  it('the project index imports nothing above it: it knows files and modules, not values, libraries or rules', () => {
    const bad = edges.filter((e) => layerOf(e.from) === 'index' && layerOf(e.to) !== 'index');
    expect(bad.map(shown)).toEqual([]);
    expect(edges.some((e) => layerOf(e.from) === 'resolve' && layerOf(e.to) === 'index')).toBe(true);
  });

  it('the renderers and the commands they serve (report/, plan/, audit/) import nothing from cli/: the CLI sits above them', () => {
    const bad = edges.filter((e) => ['report', 'plan', 'audit'].includes(layerOf(e.from)) && layerOf(e.to) === 'cli');
    expect(bad.map(shown)).toEqual([]);
    // The text renderers are there to be checked: each takes its colours from below.
    for (const f of ['report/text.ts', 'plan/render-text.ts', 'audit/render-text.ts']) expect(edges.some((e) => e.from === path.join(SRC, f) && e.to === path.join(SRC, 'colors'))).toBe(true);
  });

  it('no import cycle anywhere in src/ (type imports included): every module can be read, and changed, after what it imports', () => {
    const graph = new Map<string, string[]>();
    for (const e of edges) graph.set(e.from, [...(graph.get(e.from) ?? []), e.to]);
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const stack: string[] = [];
    const key = (f: string) => path.relative(SRC, f.replace(/\.ts$/, ''));
    const visit = (f: string) => {
      state.set(f, 'open');
      stack.push(f);
      for (const to of graph.get(f) ?? []) {
        const target = [...graph.keys()].find((k) => k.replace(/\.ts$/, '') === to) ?? to;
        if (state.get(target) === 'open') cycles.push([...stack.slice(stack.indexOf(target)), target].map(key).join(' -> '));
        else if (!state.has(target) && graph.has(target)) visit(target);
      }
      stack.pop();
      state.set(f, 'done');
    };
    for (const f of graph.keys()) if (!state.has(f)) visit(f);
    expect(cycles).toEqual([]);
  });

  it('no folder is named shared or utils', () => {
    const names = ALL.flatMap((f) => path.relative(SRC, f).split(path.sep).slice(0, -1));
    expect(names.filter((n) => ['shared', 'utils', 'util', 'common', 'misc', 'helpers'].includes(n))).toEqual([]);
  });

  it('every source file opens with a comment saying what it is for', () => {
    const bare = ALL.filter((f) => !/^\s*(\/\/|\/\*)/.test(fs.readFileSync(f, 'utf8')));
    expect(bare.map((f) => path.relative(SRC, f))).toEqual([]);
  });
});
