import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyze } from '../src/engine/analyze';
import { applyEdits } from '../src/fix/object-edit';
import { parseSource } from '../src/parse';
import { DECLARATION_RULES } from '../src/rules';

/** Generated declarations: client shape, flags, x-arguments, formatting and surrounding code. */
const tri = fc.constantFrom<boolean | undefined>(undefined, true, false);
const queueType = fc.constantFrom(undefined, 'classic', 'quorum', 'stream');
const argument = fc.constantFrom(
  ['x-max-priority', '10'],
  ['x-delivery-limit', '5'],
  ['x-max-age', "'1h'"],
  ['x-queue-master-locator', "'min-masters'"],
  ['x-queue-version', '1'],
  ['x-message-ttl', '60000'],
  ['x-dead-letter-exchange', "'dlx'"],
  ['x-max-length-bytes', '1000'],
  ['x-consumer-timeout', '1000'],
);
const promoted = fc.constantFrom(['maxPriority', '10'], ['messageTtl', '1000'], ['expires', '60000'], ['maxLength', '10'], ['deadLetterExchange', "'dlx'"]);
const style = fc.record({
  multiline: fc.boolean(),
  trailingComma: fc.boolean(),
  quote: fc.constantFrom("'", '"'),
  indent: fc.constantFrom('  ', '    ', '\t'),
  eol: fc.constantFrom('\n', '\r\n'),
  comment: fc.boolean(),
});
const declaration = fc.record({
  shape: fc.constantFrom('promise', 'callback', 'acm-setup', 'acm-wrapper', 'const-options'),
  name: fc.constantFrom('', 'jobs', 'events'),
  durable: tri,
  exclusive: tri,
  autoDelete: tri,
  type: queueType,
  args: fc.uniqueArray(argument, { selector: (a) => a[0], maxLength: 3 }),
  promoted: fc.uniqueArray(promoted, { selector: (a) => a[0], maxLength: 2 }),
  style,
  before: fc.constantFrom('', 'const started = Date.now();', 'console.log("declaring");'),
});
type Decl = typeof declaration extends fc.Arbitrary<infer T> ? T : never;

function objectText(entries: [string, string][], s: Decl['style'], depth: string): string {
  if (!entries.length) return '{}';
  if (!s.multiline) return `{ ${entries.map(([k, v]) => `${k}: ${v}`).join(', ')}${s.trailingComma ? ',' : ''} }`;
  const inner = depth + s.indent;
  const lines = entries.map(([k, v], i) => `${inner}${k}: ${v}${i < entries.length - 1 || s.trailingComma ? ',' : ''}${s.comment && i === 0 ? ' // note' : ''}`);
  return `{${s.eol}${lines.join(s.eol)}${s.eol}${depth}}`;
}

function source(d: Decl): string {
  const q = d.style.quote;
  const key = (k: string) => `${q}${k}${q}`;
  const args: [string, string][] = d.args.map(([k, v]) => [key(k), v.replace(/'/g, q)]);
  if (d.type) args.unshift([key('x-queue-type'), `${q}${d.type}${q}`]);
  const indent = d.style.indent;
  const opts: [string, string][] = [];
  for (const f of ['durable', 'exclusive', 'autoDelete'] as const) if (d[f] !== undefined) opts.push([f, String(d[f])]);
  for (const [k, v] of d.promoted) opts.push([k, v.replace(/'/g, q)]);
  if (args.length) opts.push(['arguments', objectText(args, d.style, indent + indent)]);
  const options = objectText(opts, d.style, indent);
  const name = `${q}${d.name}${q}`;
  const eol = d.style.eol;
  const lines = [`import amqp from ${q}amqplib${q};`, `import connections from ${q}amqp-connection-manager${q};`, ''];
  const body = (call: string) => [d.before ? `${indent}${d.before}` : '', `${indent}${call};`].filter(Boolean);
  switch (d.shape) {
    case 'promise':
      lines.push('export async function setup(ch: amqp.Channel) {', ...body(`await ch.assertQueue(${name}, ${options})`), '}');
      break;
    case 'callback':
      lines.push('export function setup(conn: amqp.Connection) {', `${indent}conn.createChannel((err: Error, ch: amqp.Channel) => {`, ...body(`ch.assertQueue(${name}, ${options})`).map((l) => indent + l), `${indent}});`, '}');
      break;
    case 'acm-setup':
      lines.push(`export const wrapper = connections.connect([${q}amqp://localhost${q}]).createChannel({`, `${indent}setup: async (channel: amqp.ConfirmChannel) => {`, ...body(`await channel.assertQueue(${name}, ${options})`).map((l) => indent + l), `${indent}},`, '});');
      break;
    case 'acm-wrapper':
      lines.push(`const w = connections.connect([${q}amqp://localhost${q}]).createChannel();`, 'export async function setup() {', ...body(`await w.assertQueue(${name}, ${options})`), '}');
      break;
    case 'const-options':
      lines.push(`const OPTIONS = ${options};`, 'export async function setup(ch: amqp.Channel) {', ...body(`await ch.assertQueue(${name}, OPTIONS)`), '}');
      break;
  }
  return lines.join(eol) + eol;
}

const ENGINE = { target: '4.3' as const, followImports: false };
const DECLARATION_RULE_IDS = new Set(DECLARATION_RULES.map((r) => r.meta.id));

describe('fix, on generated declarations', () => {
  it('produces code that parses, is fixed in one pass, edits only inside declarations, and leaves only annotated problems', () => {
    fc.assert(
      fc.property(declaration, (d) => {
        const text = source(d);
        expect(parseSource(text, 'gen.ts').ok, text).toBe(true);
        const [first] = analyze([{ path: 'gen.ts', text }], ENGINE).files;
        const output = applyEdits(text, first.edits);
        expect(parseSource(output, 'gen.ts').ok, `${text}\n---\n${output}`).toBe(true);

        // Every rewrite edit lies inside a declaration; every other edit is whole marker-comment lines.
        const spans = first.model!.declarations.map((x) => x.at).concat(first.model!.declarations.flatMap((x) => x.dependsOn));
        for (const f of first.findings) {
          for (const e of f.fix.edits ?? []) {
            if (f.fix.kind === 'rewrite') expect(spans.some((s) => e.start >= s.start && e.end <= s.end), `edit ${JSON.stringify(e)} outside declarations\n${text}`).toBe(true);
            else expect(e.start === e.end && /^[ \t]*\/\/ rabbitmq4-codemod\([\w-]+\): [^\r\n]+\r?\n(?:[ \t]*\/\/ [^\r\n]+\r?\n)*$/.test(e.text), JSON.stringify(e)).toBe(true);
          }
        }

        const [second] = analyze([{ path: 'gen.ts', text: output }], ENGINE).files;
        expect(second.edits, `second pass would still change:\n${output}`).toEqual([]);
        for (const f of second.findings.filter((x) => DECLARATION_RULE_IDS.has(x.ruleId) && x.severity !== 'info')) {
          // What is left is what a human must decide, and it is annotated.
          expect(f.fix.kind, `${f.ruleId}: ${f.message}\n${output}`).toBe('annotate');
          expect(output).toContain(`rabbitmq4-codemod(${f.ruleId})`);
        }
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 400), seed: Number(process.env.PROPERTY_SEED ?? 4304) },
    );
  });

  it('makes every declaration it rewrites legal by the rules', () => {
    fc.assert(
      fc.property(declaration, (d) => {
        const text = source(d);
        const [first] = analyze([{ path: 'gen.ts', text }], ENGINE).files;
        const rewritten = first.findings.some((f) => f.fix.kind === 'rewrite' && DECLARATION_RULE_IDS.has(f.ruleId));
        const annotated = first.findings.some((f) => f.fix.kind === 'annotate' && DECLARATION_RULE_IDS.has(f.ruleId));
        if (!rewritten || annotated) return;
        const [second] = analyze([{ path: 'gen.ts', text: applyEdits(text, first.edits) }], ENGINE).files;
        expect(second.findings.filter((f) => DECLARATION_RULE_IDS.has(f.ruleId) && f.severity !== 'info')).toEqual([]);
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 400), seed: Number(process.env.PROPERTY_SEED ?? 4305) },
    );
  });
});

export { source as generatedDeclaration, declaration as declarationArbitrary };
