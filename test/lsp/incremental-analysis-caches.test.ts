import { describe, expect, it } from 'vitest';
import { IncrementalParseCache } from '../../src/lsp/incremental-parse';
import { parseSource } from '../../src/parse';
import { childrenOf, ParsedFile, type Node } from '../../src/parse/ast';
import { Scopes } from '../../src/resolve/scope';
import { lineEndingOf, preferredQuote } from '../../src/text';

const FILE = '/w/caches.ts';
const SOURCE = `import amqp from 'amqplib';
const QUEUE = 'jobs';
export const value = [1, 2].map((x) => String(x)).join('-');
export async function declare(ch: amqp.Channel) {
  for (const name of [QUEUE]) await ch.assertQueue(name, { durable: false });
}
function helper(ch: amqp.Channel) { return ch.assertQueue(QUEUE); }
export async function main(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await declare(ch);
}
`;

const at = (n: Node | undefined) => (n ? `${n.type}@${n.start}` : '-');

/** Every node in order with its parent, and what every identifier's name resolves to from there. */
function facts(file: ParsedFile): string[] {
  const scopes = new Scopes(file);
  return file.nodes.map((n) => {
    const binding = n.type === 'Identifier' ? scopes.lookup(n.name, n) : undefined;
    return `${at(n)}-${n.end} in ${at(file.parentOf(n))}${n.type === 'Identifier' ? ` ${n.name} -> ${at(binding?.declaration)}` : ''}`;
  });
}

/** The tree's own parent links (walked from the program now), to hold `parentOf` to. */
function expectTreeParents(file: ParsedFile): void {
  const walked: Node[] = [];
  const stack: [Node, Node | undefined][] = [[file.ast.program, undefined]];
  while (stack.length) {
    const [node, parent] = stack.pop()!;
    walked.push(node);
    expect(file.parentOf(node)).toBe(parent);
    for (const child of childrenOf(node).reverse()) stack.push([child, node]);
  }
  expect(file.nodes).toEqual(walked);
}

/** What the identifiers named `name` resolve to, in source order. */
function resolved(file: ParsedFile, name: string): string[] {
  const scopes = new Scopes(file);
  return file.nodes.filter((n) => n.type === 'Identifier' && n.name === name).map((n) => at(scopes.lookup(name, n)?.declaration));
}

const edit = (text: string, old: string, replacement: string) => {
  const i = text.indexOf(old);
  if (i === -1) throw new Error(`the test's text has no ${old}`);
  return text.slice(0, i) + replacement + text.slice(i + old.length);
};

describe('analysis data kept across incremental re-parses', () => {
  it('gives, edit after edit, the nodes, parents and scope bindings a fresh parse gives', () => {
    const cache = new IncrementalParseCache();
    let parses = 0;
    const parseIn = (text: string) => {
      const result = cache.parse(FILE, text, () => {
        parses++;
        return parseSource(text, FILE);
      });
      if (!result.ok) throw new Error(result.error.message);
      return new ParsedFile('caches.ts', text, result.ast);
    };
    let text = SOURCE;
    facts(parseIn(text));
    const edits: [string, string][] = [
      // A global becomes a declared name, and is declared no more.
      ['function helper', 'const String = (x: unknown) => x;\nfunction helper'],
      ['const String = (x: unknown) => x;\n', ''],
      // A top-level name shadowed inside a function, and a line above everything that moves the rest.
      ['await declare(ch);', 'const QUEUE = 2;\n  await declare(ch);'],
      ["import amqp from 'amqplib';", "import amqp from 'amqplib';\n// moved"],
      // A declaration renamed: its uses resolve to nothing, then to it again.
      ['const QUEUE = ', 'const OTHER = '],
      ['const OTHER = ', 'const QUEUE = '],
    ];
    const stringDeclaredAt = SOURCE.indexOf('function helper') + 'const '.length;
    const resolutions: Record<string, string[]>[] = [
      { String: [`VariableDeclarator@${stringDeclaredAt}`, `VariableDeclarator@${stringDeclaredAt}`] },
      { String: ['-'], QUEUE: ['VariableDeclarator@34', 'VariableDeclarator@34', 'VariableDeclarator@34'] },
      { QUEUE: ['VariableDeclarator@34', 'VariableDeclarator@34', 'VariableDeclarator@34', `VariableDeclarator@${SOURCE.indexOf('await declare(ch);') + 'const '.length}`] },
      { QUEUE: ['VariableDeclarator@43', 'VariableDeclarator@43', 'VariableDeclarator@43', `VariableDeclarator@${SOURCE.indexOf('await declare(ch);') + 'const '.length + 9}`] },
      { QUEUE: ['-', '-', `VariableDeclarator@${SOURCE.indexOf('await declare(ch);') + 'const '.length + 9}`], OTHER: ['VariableDeclarator@43'] },
      { QUEUE: ['VariableDeclarator@43', 'VariableDeclarator@43', 'VariableDeclarator@43', `VariableDeclarator@${SOURCE.indexOf('await declare(ch);') + 'const '.length + 9}`] },
    ];
    edits.forEach(([old, replacement], i) => {
      text = edit(text, old, replacement);
      const fresh = parseSource(text, FILE);
      if (!fresh.ok) throw new Error(fresh.error.message);
      const file = parseIn(text);
      expectTreeParents(file);
      expect(facts(file)).toEqual(facts(new ParsedFile('caches.ts', text, fresh.ast)));
      for (const [name, expected] of Object.entries(resolutions[i])) expect(resolved(file, name), `${name} after edit ${i + 1}`).toEqual(expected);
    });
    // Every edit re-parsed a slice: the data above came from reused statements.
    expect(parses).toBe(1);
  });

  it('finds a global declared by an edit (the declared-names shortcut is not stale)', () => {
    const cache = new IncrementalParseCache();
    const fileOf = (text: string) => {
      const result = cache.parse(FILE, text, () => parseSource(text, FILE));
      if (!result.ok) throw new Error(result.error.message);
      return new ParsedFile('caches.ts', text, result.ast);
    };
    const stringCall = (file: ParsedFile) => file.nodes.find((n) => n.type === 'Identifier' && n.name === 'String')!;
    const before = fileOf(SOURCE);
    expect(new Scopes(before).lookup('String', stringCall(before))).toBeUndefined();
    const declared = fileOf(`${SOURCE}const String = 1;\n`);
    expect(new Scopes(declared).lookup('String', stringCall(declared))?.kind).toBe('const');
  });

  it('gives no parent for a node of another file (callers rely on it when a value crosses files)', () => {
    const parsed = (text: string) => {
      const result = parseSource(text, FILE);
      if (!result.ok) throw new Error(result.error.message);
      return new ParsedFile('caches.ts', text, result.ast);
    };
    const file = parsed(SOURCE);
    const other = parsed(SOURCE);
    const call = other.nodes.find((n) => n.type === 'CallExpression')!;
    expect(other.parentOf(call)).toBeDefined();
    expect(file.parentOf(call)).toBeUndefined();
    expect(file.parentOf(other.ast.program.body[0])).toBeUndefined();
  });

  it('counts quotes and line endings of each text, not of the text asked about before', () => {
    expect(preferredQuote(`a = "x" + "y" + 'z'`)).toBe('"');
    expect(preferredQuote(`a = 'x' + 'y' + "z"`)).toBe("'");
    expect(preferredQuote(`a = "x" + "y" + 'z'`)).toBe('"');
    expect(lineEndingOf('a\r\nb\r\nc\n')).toBe('\r\n');
    expect(lineEndingOf('a\nb\nc\r\n')).toBe('\n');
    expect(lineEndingOf('a\r\nb\r\nc\n')).toBe('\r\n');
  });
});
