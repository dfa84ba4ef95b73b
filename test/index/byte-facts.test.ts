/** Issue 33: a file's facts read from its bytes (no string made of a file that names no client) are exactly its text's. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { factsOf, factsOfBytes } from '../../src/engine/candidates';
import { unusableBytes, unusableContent } from '../../src/engine/project-files';
import { necessaryLiterals } from '../../src/index/regex-anchors';
import { CLIENTS } from '../../src/clients';
import { SOURCE_EXTENSIONS } from '../../src/parse';

const ROOT = path.resolve(__dirname, '../..');

function sourceFiles(dir: string, every = 1): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    if (!fs.existsSync(d)) return;
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) {
        if (e.name !== '.git') walk(full);
      } else if (SOURCE_EXTENSIONS.some((x) => e.name.endsWith(x))) out.push(full);
    }
  };
  walk(dir);
  return out.sort().filter((_, i) => i % every === 0);
}

/** The bytes of `text` in a buffer longer than them, the rest filled with what a previous file may have left. */
function inReusedBuffer(text: string, leftover = "from 'stale' require('x') amqplib"): { buf: Buffer; length: number } {
  const bytes = Buffer.from(text, 'utf8');
  return { buf: Buffer.concat([bytes, Buffer.from(leftover.repeat(3))]), length: bytes.length };
}

/** factsOfBytes: exactly factsOf's facts, whether it read them from the bytes or decoded the text; how many it decoded. */
function compare(files: { name: string; text: string }[]): { same: number; decoded: number; differ: string[] } {
  let same = 0;
  let decoded = 0;
  const differ: string[] = [];
  for (const { name, text } of files) {
    const { buf, length } = inReusedBuffer(text);
    const read = factsOfBytes(name, buf, length, () => buf.toString('utf8', 0, length));
    if (read.text !== undefined) decoded++;
    if (JSON.stringify(read.facts) === JSON.stringify(factsOf(name, text))) same++;
    else differ.push(`${name}: ${JSON.stringify(read.facts)} vs ${JSON.stringify(factsOf(name, text))}`);
  }
  return { same, decoded, differ };
}

describe('facts from bytes', () => {
  it('are the text facts of every file they are given for: fixtures, both corpora, every third file of node_modules', () => {
    const files = [...sourceFiles(path.join(ROOT, 'test-fixtures')), ...sourceFiles(path.join(ROOT, 'bench', 'corpus')), ...sourceFiles(path.join(ROOT, 'node_modules'), 3)];
    expect(files.length).toBeGreaterThan(5000);
    const r = compare(files.map((f) => ({ name: f, text: fs.readFileSync(f, 'utf8') })));
    expect(r.differ).toEqual([]);
    // Most files name no client: their facts come from the bytes.
    expect(r.decoded).toBeLessThan(r.same / 2);
  });

  it('find each specifier as the regex does: spaces of every kind, parentheses, quotes, word boundaries, the end of the text', () => {
    const spaces = [' ', '\t', '\n', '\r\n', '\v', '\f', '\u00a0', '\u1680', '\u2000', '\u200a', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000', '\ufeff', '\u200b', '\u0085', ''];
    const texts: string[] = [];
    for (const s of spaces) {
      texts.push(`import x from${s}'a${s}b';`, `const y = require${s}(${s}"c")`, `import${s}"d"`, `export * from${s}(${s}'e')`, `await import(${s}'f')`);
    }
    texts.push(
      "xfrom 'no' $from 'yes' _import 'no' 1require('no') é from 'yes2'",
      "from 'a\"b' from \"c'd\" from 'e\nf' from '' from 'ü/ß'",
      "import 'x' from 'import \"y\"'",
      "from 'unclosed",
      'require(',
      'from',
      "import a from 'b'; import c from 'b'",
      "import q from './orders/ÿ.ts';\r\n",
    );
    const r = compare(texts.map((text, i) => ({ name: `t${i}.ts`, text })));
    expect(r.differ).toEqual([]);
    expect(r.decoded).toBe(0);
  });

  it("are read from the text where it may name a client, call one, or write a provider or an injection", () => {
    for (const text of ["import amqp from 'amqplib';", 'ch.assertQueue(q)', 'x.subscribe(h)', "{ provide: 'T', useValue: 1 }", '@Inject(T) t', 'const transporter: 1', 'x.provider; y.subscriber']) {
      const { buf, length } = inReusedBuffer(text);
      const read = factsOfBytes('a.ts', buf, length, () => text);
      expect(read.text, text).toBe(text);
      expect(read.facts).toEqual(factsOf('a.ts', text));
    }
    // A manifest or a JSON file is always read as text.
    const json = inReusedBuffer('{ "name": "x" }');
    expect(factsOfBytes('package.json', json.buf, json.length, () => '{ "name": "x" }').text).toBe('{ "name": "x" }');
  });

  it("look for literals every client's name pattern needs", () => {
    for (const c of CLIENTS) {
      const literals = necessaryLiterals(c.mentions);
      expect(literals.length, c.name).toBeGreaterThan(0);
    }
    expect(necessaryLiterals(/\.\s*(?:assertQueue|qos)\s*\(/)).toEqual(['assertQueue', 'qos']);
    expect(necessaryLiterals(/['"]amqp['"]/)).toEqual(['amqp']);
    expect(necessaryLiterals(/a\u00a0bcd|x?yzwv+/)).toEqual(['bcd', 'yzw']);
    expect(() => necessaryLiterals(/ab|cdef/)).toThrow();
    expect(() => necessaryLiterals(/amqp/i)).toThrow();
  });
});

describe('unusable bytes', () => {
  it('are what unusableContent says of the text', () => {
    const long = (line: number, n: number, ch = 'x') => Array.from({ length: n }, () => ch.repeat(line)).join('\n');
    const buffers = [
      Buffer.from('plain text\n'),
      Buffer.from([0x61, 0x00, 0x62]),
      Buffer.from([0x61, 0xff, 0x62]),
      Buffer.from([0xed, 0xa0, 0x80]),
      Buffer.from('\ufffd is a character'),
      Buffer.from(long(6000, 5)),
      Buffer.from(long(300, 100)),
      Buffer.from(long(2600, 9, 'é')),
      Buffer.from(long(499, 60)),
      Buffer.from(long(5001, 4, '😀')),
    ];
    for (const buf of buffers) {
      for (const wanted of [false, true]) {
        const padded = Buffer.concat([buf, Buffer.from('\0\0junk')]);
        expect(unusableBytes(padded, buf.length, wanted)).toBe(unusableContent(buf, buf.toString('utf8'), wanted));
      }
    }
  });
});
