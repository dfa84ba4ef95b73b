import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { annotationEdit, markerComment } from '../src/fix/annotate';
import { applyEdits } from '../src/fix/object-edit';
import { editorconfigGlob, lineWidthFor } from '../src/fix/line-width';
import { cli, project, read } from './helpers';

const ADVICE =
  'open the connection once (at start-up) and reuse it for every message: opened in the consume handler at src/worker.ts:14, then `npm install amqplib@^0.10.7` updates package.json and package-lock.json together';

describe('marker comments are wrapped to the line width', () => {
  it('as consecutive // lines no wider than the width, the indentation included, code spans whole', () => {
    const lines = markerComment('connection-churn', ADVICE, 80, '    ');
    expect(lines.length).toBeGreaterThan(2);
    for (const l of lines) expect(`    ${l}`.length).toBeLessThanOrEqual(80);
    expect(lines[0].startsWith('// rabbitmq4-codemod(connection-churn): ')).toBe(true);
    expect(lines.every((l) => l.startsWith('// '))).toBe(true);
    expect(lines.some((l) => l.includes('`npm install amqplib@^0.10.7`'))).toBe(true);
    expect(lines.map((l) => l.slice(3)).join(' ')).toBe(`rabbitmq4-codemod(connection-churn): ${ADVICE}`);
  });

  it('is recognised as its own on the next run however it was wrapped', () => {
    const text = 'async function f() {\n  await amqp.connect(url);\n}\n';
    const at = text.indexOf('await');
    const first = annotationEdit(text, at, 'connection-churn', ADVICE, 60)!;
    const once = applyEdits(text, [first]);
    expect(once.split('\n').filter((l) => l.includes('//')).length).toBeGreaterThan(3);
    expect(annotationEdit(once, once.indexOf('await'), 'connection-churn', ADVICE, 60)).toBeUndefined();
    // Another rule's marker is still added above the same statement.
    expect(annotationEdit(once, once.indexOf('await'), 'sequential-confirms', 'x', 60)).toBeDefined();
  });
});

describe('the project line width', () => {
  const width = (files: Record<string, string>, file = 'src/a.ts') => {
    const dir = project({ ...files, [file]: '' }, { git: true });
    return lineWidthFor(path.join(dir, file));
  };

  it("Prettier's printWidth, in any of its config files", () => {
    expect(width({ '.prettierrc': '{ "printWidth": 120 }' })).toBe(120);
    expect(width({ '.prettierrc.yaml': 'printWidth: 90\n' })).toBe(90);
    expect(width({ 'prettier.config.js': 'module.exports = { printWidth: 110, semi: false };' })).toBe(110);
    expect(width({ 'package.json': JSON.stringify({ name: 'x', prettier: { printWidth: 96 } }) })).toBe(96);
  });

  it('.editorconfig max_line_length for the file, nearest first, when Prettier sets none', () => {
    expect(width({ '.editorconfig': 'root = true\n[*]\nmax_line_length = 120\n[*.{ts,js}]\nmax_line_length = 88\n' })).toBe(88);
    expect(width({ '.editorconfig': 'root = true\n[*.md]\nmax_line_length = 200\n[*]\nmax_line_length = 110\n' })).toBe(110);
    expect(width({ '.editorconfig': '[*]\nmax_line_length = 130\n', 'src/.editorconfig': '[*.ts]\nmax_line_length = 72\n' })).toBe(72);
    expect(width({ '.prettierrc': '{ "semi": false }', '.editorconfig': '[*]\nmax_line_length = 140\n' })).toBe(140);
  });

  it('.editorconfig globs with wildcards inside braces, character classes and nesting (node-ts/bus: [{Makefile,*.mk}])', () => {
    expect(width({ '.editorconfig': 'root = true\n[{Makefile,*.mk}]\nindent_style = tab\n[*]\nmax_line_length = 120\n' })).toBe(120);
    expect(width({ '.editorconfig': 'root = true\n[{Makefile,*.{ts,js}}]\nmax_line_length = 90\n' })).toBe(90);
    expect(width({ '.editorconfig': 'root = true\n[*.[tj]s]\nmax_line_length = 91\n' })).toBe(91);
    expect(width({ '.editorconfig': 'root = true\n[*.[!t]s]\nmax_line_length = 91\n' })).toBe(100);
    expect(width({ '.editorconfig': 'root = true\n[src/**.ts]\nmax_line_length = 92\n' })).toBe(92);
  });

  it('a section glob no regular expression can express matches nothing and stops nothing', () => {
    expect(editorconfigGlob('{a,b').test('a')).toBe(false);
    expect(editorconfigGlob('[z-a].ts').test('a.ts')).toBe(false);
    expect(width({ '.editorconfig': 'root = true\n[[z-a].ts]\nmax_line_length = 93\n[*]\nmax_line_length = 94\n' })).toBe(94);
  });

  it("Prettier's default 80 for a Prettier project that sets no width, else 100", () => {
    expect(width({ '.prettierrc.json': '{ "singleQuote": true }' })).toBe(80);
    expect(width({ 'package.json': JSON.stringify({ name: 'x', prettier: '@company/prettier-config' }) })).toBe(80);
    expect(width({ 'package.json': JSON.stringify({ name: 'x' }) })).toBe(100);
    expect(width({ 'README.md': 'x' })).toBe(100);
  });
});

describe('fix --write wraps its markers to the project width', () => {
  it('every inserted line fits, the file parses, and a second run changes nothing', () => {
    const worker = `import amqp from 'amqplib';
import express from 'express';

const app = express();
app.post('/orders', async (req, res) => {
  const conn = await amqp.connect('amqp://localhost');
  const ch = await conn.createChannel();
  ch.sendToQueue('orders', Buffer.from(JSON.stringify(req.body)));
  await conn.close();
  res.sendStatus(202);
});
`;
    const dir = project({ 'src/server.ts': worker, '.prettierrc': '{ "printWidth": 80 }\n' }, { git: true });
    expect(cli(dir, 'fix', '--write').code).toBe(0);
    const after = read(dir, 'src/server.ts');
    const added = after.split('\n').filter((l) => !worker.split('\n').includes(l));
    expect(added.length).toBeGreaterThan(2);
    for (const l of added) {
      expect(l.trim().startsWith('//'), l).toBe(true);
      expect(l.length, l).toBeLessThanOrEqual(80);
    }
    expect(cli(dir, 'fix', '--check').code).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'src/server.ts'), 'utf8')).toBe(after);
  });
});
