// Issue 33: a document analysed unit by unit (engine/unit-analysis.ts) after each of many random edits gives exactly what a
// fresh analysis of the same text gives (findings, their related places, edits, syntax errors, consumers), while most
// edits analyse only the unit they are in.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { analyzeDocument, type AnalysisEnvironment, type DocumentAnalysis } from '../../src/lsp/analysis';
import { IncrementalParseCache } from '../../src/lsp/incremental-parse';
import { OpenDocumentSet } from '../../src/lsp/open-documents';
import { WorkspaceFiles } from '../../src/lsp/workspace-files';
import { analyzeOptionsOf, DEFAULT_SETTINGS } from '../../src/lsp/settings';
import { parseSource } from '../../src/parse';
import { statementUnits } from '../../src/engine/units';
import { dense } from '../../bench/lsp-files.mjs';

const ROOT = path.resolve(__dirname, '../..');
const VIRTUAL = path.join(ROOT, 'virtual');

const environment = (units: boolean): AnalysisEnvironment => ({
  root: ROOT,
  files: new WorkspaceFiles(new OpenDocumentSet()),
  parseCache: new IncrementalParseCache(),
  options: analyzeOptionsOf(DEFAULT_SETTINGS),
  severities: new Map(),
  excluded: () => false,
  ...(units ? { units: new Map() } : {}),
});

const docOf = (name: string, version: number, text: string) => {
  const absolute = path.join(VIRTUAL, name);
  return { uri: pathToFileURL(absolute).href, path: `virtual/${name}`, absolute, version, text };
};

/** Everything a document's diagnostics and hover are made of; consumers as a set (a unit's rows come with its unit). */
function published(a: DocumentAnalysis): string {
  return JSON.stringify({
    findings: a.findings,
    related: [...a.related].map(([f, r]) => [f.start, f.ruleId, r]),
    syntaxErrors: a.syntaxErrors,
    consumers: (a.consumers ?? []).map((c) => JSON.stringify(c)).sort(),
    notAnalysed: a.notAnalysed,
  });
}

/** A repeatable random number below n (a linear congruential generator from `seed`). */
const randomFrom = (seed: number) => (n: number) => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % n;
};

/** An edit a user makes: a character typed, a line broken or joined, a comment, a line deleted or copied, a value changed. */
function edit(text: string, random: (n: number) => number): string {
  const at = random(text.length + 1);
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  const lineEnd = text.indexOf('\n', at) === -1 ? text.length : text.indexOf('\n', at) + 1;
  switch (random(9)) {
    case 0:
      return text.slice(0, at) + 'x' + text.slice(at);
    case 1:
      return text.slice(0, at) + '\n' + text.slice(at);
    case 2:
      return text.slice(0, lineStart) + '// a note\n' + text.slice(lineStart);
    case 3:
      return text.slice(0, lineStart) + text.slice(lineEnd);
    case 4:
      return text.slice(0, lineEnd) + text.slice(lineStart, lineEnd) + text.slice(lineEnd);
    case 5: {
      const i = text.indexOf(random(2) ? 'true' : 'false', at);
      return i < 0 ? text : text.slice(0, i) + (text.startsWith('true', i) ? 'false' : 'true') + text.slice(i + (text.startsWith('true', i) ? 4 : 5));
    }
    case 6: {
      const i = text.slice(at).search(/\d/);
      return i < 0 ? text : text.slice(0, at + i) + String((Number(text[at + i]) + 1) % 10) + text.slice(at + i + 1);
    }
    case 7: {
      // A queue's name: a character typed inside a quoted name.
      const i = text.indexOf("('", at);
      return i < 0 ? text : text.slice(0, i + 2) + 'q' + text.slice(i + 2);
    }
    default:
      return text.slice(0, at) + text.slice(Math.min(text.length, at + 1 + random(3)));
  }
}

const parses = (text: string, name: string) => parseSource(text, name).ok;

/** Single-file fixtures of every rule (the shapes the rules are about, written as services write them). */
function fixtureTexts(): { name: string; text: string }[] {
  const dir = path.join(ROOT, 'test-fixtures');
  const out: { name: string; text: string }[] = [];
  for (const rule of fs.readdirSync(dir).sort()) {
    const inputs = fs.readdirSync(path.join(dir, rule)).filter((f) => /\.input\.(ts|js)$/.test(f)).sort();
    for (const f of inputs.slice(0, 2)) out.push({ name: `${rule}-${f.replace('.input', '')}`, text: fs.readFileSync(path.join(dir, rule, f), 'utf8') });
  }
  return out;
}

/** Statements of one unit interacting with others' through the project: one queue declared twice, a prefetch an untraced consumer takes, `module.exports`. */
const CROSSING = `import amqp from 'amqplib';
import type { Channel } from 'amqplib';

export async function declareOrders(ch: Channel) {
  await ch.assertQueue('orders', { durable: true, arguments: { 'x-queue-type': 'quorum' } });
}

export async function declareOrdersAgain(ch: Channel) {
  await ch.assertQueue('orders', { durable: true, arguments: { 'x-queue-type': 'classic', 'x-max-length': 10 } });
}

export async function consumeOrders(ch: Channel) {
  await ch.consume('orders', (msg) => { if (msg) ch.ack(msg); }, { noAck: false });
}

export async function withPrefetch(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.prefetch(10);
}

export async function untraced(ch: any) {
  await ch.consume('jobs', (msg: any) => { ch.ack(msg); });
}

module.exports.declare = (ch: Channel) => ch.assertQueue('shared', { durable: false });
module.exports.run = (ch: Channel) => module.exports.declare(ch);

const OPTIONS = { durable: false, arguments: { 'x-queue-mode': 'lazy' } };
export const a = (ch: Channel) => ch.assertQueue('a', OPTIONS);
export const b = (ch: Channel) => ch.assertQueue('b', OPTIONS);
`;

describe('a document analysed unit by unit', () => {
  it('splits a file into units that share nothing, and joins the statements that name one another', () => {
    const ast = parseSource(CROSSING, 'c.ts');
    if (!ast.ok) throw new Error(ast.error.message);
    const plan = statementUnits(ast.ast.program, (spec) => !spec.startsWith('.'));
    const unitOfText = (needle: string) => plan.unitOf[ast.ast.program.body.findIndex((s) => CROSSING.slice(s.start!, s.end!).includes(needle))];
    // The imports are every unit's; module.exports joins what uses it; a constant joins its readers.
    expect(plan.shared).toEqual([0, 1]);
    expect(unitOfText('module.exports.declare =')).toBe(unitOfText('module.exports.run ='));
    expect(unitOfText("assertQueue('a'")).toBe(unitOfText('const OPTIONS'));
    expect(unitOfText("assertQueue('b'")).toBe(unitOfText('const OPTIONS'));
    expect(unitOfText('declareOrders(')).not.toBe(unitOfText('declareOrdersAgain('));
  });

  const cases = [{ name: 'dense-151.ts', text: dense(151) }, { name: 'crossing.ts', text: CROSSING }, ...fixtureTexts()];

  it.each(cases.map((c, i) => [c.name, c.text, i] as const))('gives, edit after edit, what a fresh analysis gives: %s', (name, start, seed) => {
    const random = randomFrom(1000 + seed);
    // The same edits to a server that analyses the document whole: the same incremental parses (a text that does
    // not parse is recovered from the previous tree), so the units are the only difference.
    const env = environment(true);
    const whole = environment(false);
    let text = start;
    let compared = 0;
    let partial = 0;
    for (let version = 1; version <= 24; version++) {
      const next = version === 1 ? text : edit(text, random);
      const doc = docOf(name, version, next);
      const got = published(analyzeDocument(doc, env));
      const want = published(analyzeDocument(doc, whole));
      expect(got, `${name}, edit ${version}`).toBe(want);
      // A text that parses: also what a fresh server gives. The next edit starts from the last text that parses.
      if (!parses(next, name)) continue;
      text = next;
      compared++;
      const last = env.units!.get(doc.uri)?.last;
      if (last && last.analysed < last.kept + last.analysed) partial++;
    }
    expect(compared).toBeGreaterThan(4);
    // Most of these analyses kept some units (a file of one unit analyses it each time, as it must).
    if (name === "dense-151.ts") expect(partial).toBeGreaterThan(compared / 2);
    if (name === "crossing.ts") expect(partial).toBeGreaterThan(0);
  });
});
