import { afterEach, describe, expect, it } from 'vitest';
import { fileUri, LspSession } from './lsp-session';
import { reparse, reparseEdit, IncrementalParseCache } from '../../src/lsp/incremental-parse';
import { oxcRefuses, parseSource } from '../../src/parse';
import { blank } from '../../src/parse/recover';

const SOURCE = `#!/usr/bin/env node
import amqp from 'amqplib';
import type { Channel } from 'amqplib';

// rabbitmq4-codemod-ignore transient-nonexclusive-queue
export const OPTIONS = { durable: false, arguments: { 'x-queue-type': 'classic', }, };
let counter = 1
const template = \`line \${counter}
second line\`;
/* a block
   comment */
export async function declare(ch: Channel): Promise<void> {
  await ch.assertQueue('jobs', (OPTIONS));
  const list = [1, 2, 3,];
}
class Worker<T> { constructor(private readonly ch: Channel) {} run(x: T): T { return x; } }
export default Worker;
`;

const FILE = '/w/worker.ts';
/**
 * The whole tree as data: offsets and Babel's extra positions of every node; lines and columns of
 * comments (suppressions read them). Nodes' lines and columns are not kept after an edit (see shiftTree).
 */
const shape = (text: string, ast: unknown) =>
  JSON.stringify(ast, function (this: Record<string, unknown>, k, v) {
    if (k === 'loc' && this.type !== 'CommentLine' && this.type !== 'CommentBlock') return undefined;
    return v;
  }) + text.length;

/** The reparse of `next` from a fresh tree of `prev`: the same tree a full parse gives, or undefined. */
function check(prev: string, next: string): 'reused' | 'full' {
  const old = parseSource(prev, FILE);
  if (!old.ok) throw new Error(`the test's old text does not parse: ${old.error.message}`);
  const result = reparse(prev, old.ast, next, FILE);
  if (!result) return 'full';
  const full = parseSource(next, FILE);
  expect(full.ok, `reused a tree for a text that does not parse:\n${next}`).toBe(true);
  if (full.ok) expect(shape(next, result)).toBe(shape(next, full.ast));
  return 'reused';
}

/** A repeatable random number below n (a linear congruential generator from `seed`). */
const randomFrom = (seed: number) => (n: number) => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % n;
};

const edit = (text: string, at: string, replacement: string, offset = 0) => {
  const i = text.indexOf(at) + offset;
  return text.slice(0, i) + replacement + text.slice(i + at.length);
};

describe('incremental reparse of a document', () => {
  it('reuses the tree for edits inside statements and comments, and gives what a full parse gives', () => {
    expect(check(SOURCE, edit(SOURCE, 'durable: false', 'durable: true'))).toBe('reused');
    expect(check(SOURCE, edit(SOURCE, '// rabbitmq4', '// edit\n// rabbitmq4'))).toBe('reused');
    expect(check(SOURCE, edit(SOURCE, "'jobs'", "'jobs-2'"))).toBe('reused');
    expect(check(SOURCE, edit(SOURCE, 'second line', 'second\nline'))).toBe('reused');
    expect(check(SOURCE, edit(SOURCE, 'export default Worker;', 'export default Worker;\nconst added = 1;'))).toBe('reused');
    expect(check(SOURCE, edit(SOURCE, 'class Worker', 'function f() {}\nclass Worker'))).toBe('reused');
    expect(check(SOURCE, edit(SOURCE, 'import amqp', '\nimport amqp'))).toBe('reused');
  });

  it('parses in full what a slice cannot decide, and never reuses a tree for a text that does not parse', () => {
    // An open block comment or template swallows the rest of the file.
    expect(check(SOURCE, edit(SOURCE, 'let counter', '/* let counter'))).toBe('full');
    expect(check(SOURCE, edit(SOURCE, 'let counter', '` let counter'))).toBe('full');
    // Statements that join the next one (no semicolon before a parenthesis).
    const asi = edit(SOURCE, 'let counter = 1\n', 'let counter = 1\n(counter)\n');
    expect(['reused', 'full']).toContain(check(SOURCE, asi));
    expect(check(SOURCE, edit(SOURCE, 'const template', '(counter);\nconst template'))).toBe('full');
    // The last import or export removed, or the first added: module or script decides the whole parse.
    const script = `const a = 1;\nconst b = 2;\nconst c = 3;\n`;
    expect(check(script, edit(script, 'const b = 2;', "import x from 'x';"))).toBe('full');
    const module = `import x from 'x';\nconst a = 1;\nconst b = 2;\n`;
    expect(check(module, edit(module, "import x from 'x';", 'const x = 0;'))).toBe('full');
    expect(check(SOURCE, edit(SOURCE, 'durable: false', 'durable: ('))).toBe('full');
    // A comment opened in the edit ends inside the next statement: the rest joins the statement after it.
    const joined = `let a = 0;\na = 1;\nconst b = '*/ + (c)//';\n(d);\n`;
    expect(check(joined, edit(joined, 'a = 1;', 'a = 1 /*;'))).toBe('full');
  });

  it('matches a full parse for random edits (CRLF text too)', () => {
    const snippets = ['', ' ', '\n', '\r\n', ';', '(', ')', '{', '}', '/*', '*/', '//', '`', "'", 'x', '1', ',', 'await f()', 'foo\n(bar)', '\u2028'];
    const random = randomFrom(7);
    let reused = 0;
    let conclusive = 0;
    for (const base of [SOURCE, SOURCE.replace(/\n/g, '\r\n')]) {
      for (let i = 0; i < 150; i++) {
        const at = random(base.length);
        const removed = random(3) === 0 ? random(12) : 0;
        const next = base.slice(0, at) + snippets[random(snippets.length)] + base.slice(at + removed);
        const old = parseSource(base, FILE);
        const edited = old.ok ? reparseEdit(base, old.ast, next, FILE) : undefined;
        // A slice error before the slice's end, where oxc agrees, stands for the whole text's: it must not parse.
        if (edited && 'error' in edited && edited.conclusive && oxcRefuses(next, FILE)) {
          expect(parseSource(next, FILE).ok, `a conclusive slice error for a text that parses:\n${next}`).toBe(false);
          conclusive++;
        }
        if (!parseSource(next, FILE).ok) {
          expect(old.ok && reparse(base, old.ast, next, FILE)).toBeFalsy();
          continue;
        }
        if (check(base, next) === 'reused') reused++;
      }
    }
    expect(reused).toBeGreaterThan(100);
    expect(conclusive).toBeGreaterThan(20);
  });

  it('gives a text that does not parse the tree of its parts that do: a full parse of it with the broken regions blanked (random edits)', () => {
    const snippets = ['(', '{', '[', '`', "'", '/*', ', durable: ', 'await ch.assertQueue(', '{ durable: ', '}', ')', '=>', 'class {', '\n<<<<<<< HEAD\n'];
    const random = randomFrom(11);
    let recovered = 0;
    let broken = 0;
    for (let i = 0; i < 200; i++) {
      const at = random(SOURCE.length);
      const next = SOURCE.slice(0, at) + snippets[random(snippets.length)] + SOURCE.slice(at + (random(3) === 0 ? random(8) : 0));
      if (parseSource(next, FILE).ok) continue;
      broken++;
      const cache = new IncrementalParseCache();
      cache.parse(FILE, SOURCE, () => parseSource(SOURCE, FILE));
      const result = cache.parse(FILE, next, () => parseSource(next, FILE));
      if (!result.ok) continue;
      recovered++;
      const { text, regions } = result.recovered!;
      expect(text).toBe(blank(next, regions));
      regions.forEach((r, j) => {
        expect(r.start).toBeLessThan(r.end);
        expect(r.end).toBeLessThanOrEqual(next.length);
        if (j > 0) expect(regions[j - 1].end).toBeLessThanOrEqual(r.start);
      });
      const full = parseSource(text, FILE);
      expect(full.ok, `the recovered text does not parse:\n${text}`).toBe(true);
      if (full.ok) expect(shape(text, result.ast)).toBe(shape(text, full.ast));
      // Taking the edit back: the text parses, and its tree is a full parse's, nothing left out.
      const back = cache.parse(FILE, SOURCE, () => parseSource(SOURCE, FILE));
      const fresh = parseSource(SOURCE, FILE);
      expect(back.ok && !back.recovered && fresh.ok && shape(SOURCE, back.ast) === shape(SOURCE, fresh.ast)).toBe(true);
    }
    expect(broken).toBeGreaterThan(100);
    expect(recovered / broken).toBeGreaterThan(0.9);
  });

  it('keeps a broken region left out while the edits are elsewhere, moved with them', () => {
    const broken = edit(SOURCE, "await ch.assertQueue('jobs', (OPTIONS));", "await ch.assertQueue('jobs', {");
    const cache = new IncrementalParseCache();
    cache.parse(FILE, SOURCE, () => parseSource(SOURCE, FILE));
    const first = cache.parse(FILE, broken, () => parseSource(broken, FILE));
    const later = edit(broken, 'let counter = 1', 'let counter = 12345');
    const second = cache.parse(FILE, later, () => parseSource(later, FILE));
    if (!first.ok || !second.ok) throw new Error('not recovered');
    const [region] = first.recovered!.regions;
    expect(second.recovered!.regions).toEqual([{ start: region.start + 4, end: region.end + 4, error: { ...region.error, offset: region.error.offset + 4 } }]);
    expect(cache.brokenRegions(FILE, later)).toEqual(second.recovered!.regions);
    const full = parseSource(second.recovered!.text, FILE);
    expect(full.ok && shape(later, second.ast)).toBe(full.ok && shape(later, full.ast));
  });

  it('keeps one tree per file in the cache and builds on it edit after edit', () => {
    const cache = new IncrementalParseCache();
    let text = SOURCE;
    let parses = 0;
    const full = () => {
      parses++;
      return parseSource(text, FILE);
    };
    cache.parse(FILE, text, full);
    for (let i = 0; i < 5; i++) {
      text = edit(text, 'durable:', `durable: ${i} ||`);
      const result = cache.parse(FILE, text, full);
      const expected = parseSource(text, FILE);
      expect(result.ok && expected.ok && shape(text, result.ast)).toBe(expected.ok && shape(text, expected.ast));
    }
    expect(parses).toBe(1);
  });
});

describe('lsp: diagnostics after incremental re-parses', () => {
  let session: LspSession | undefined;
  afterEach(() => session?.dispose());

  it('publishes, edit after edit, what a fresh open of the same text publishes (suppressions after the edit included)', async () => {
    const declarations = Array.from({ length: 40 }, (_, i) =>
      [
        `export async function declare${i}(ch: Channel) {`,
        ...(i % 10 === 3 ? ['  // rabbitmq4-codemod-ignore transient-nonexclusive-queue'] : []),
        `  await ch.assertQueue('queue-${i}', { durable: ${i % 2 === 0} });`,
        '}',
      ].join('\n'),
    );
    const text = ["import amqp from 'amqplib';", "import type { Channel } from 'amqplib';", ...declarations, ''].join('\n');
    const uri = fileUri('incremental.ts');
    session = await LspSession.start();
    await session.open(uri, text);
    await session.diagnostics(uri, 1);
    const line = (n: number) => ({ start: { line: n, character: 0 }, end: { line: n, character: 0 } });
    const edits = [
      { range: line(40), newText: '// a new line\n' },
      { range: line(2), newText: 'const QUEUE = 1;\n' },
      { range: line(90), newText: '\n\n' },
    ];
    let version = 1;
    for (const e of edits) version = await session.changeIncrementally(uri, [e]);
    // Make one more declaration illegal, in the middle.
    const at = session.text(uri).indexOf("'queue-20', { durable: true }");
    const doc = session.documents.get(uri)!;
    const start = doc.positionAt(at + "'queue-20', { durable: ".length);
    version = await session.changeIncrementally(uri, [{ range: { start, end: { line: start.line, character: start.character + 4 } }, newText: 'false' }]);
    const edited = await session.diagnostics(uri, version);

    const fresh = fileUri('fresh.ts');
    await session.open(fresh, session.text(uri));
    const expected = await session.diagnostics(fresh, 1);
    const summary = (p: typeof edited) => p.diagnostics.map((d) => [d.code, d.range, d.message]);
    expect(summary(edited)).toEqual(summary(expected));
    // 20 transient declarations, 4 of them suppressed, and queue-20 made transient.
    expect(edited.diagnostics.filter((d) => d.code === 'transient-nonexclusive-queue')).toHaveLength(17);
  });
});
