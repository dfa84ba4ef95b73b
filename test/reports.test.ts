/** Issue 10: scan's SARIF (checked against the official schema) and markdown reports. */
import { describe, expect, it } from 'vitest';
import { ALL_RULES } from '../src/rules';
import { LineIndex } from '../src/text';
import { spawnSync } from 'node:child_process';
import { BIN, cli, project, read } from './helpers';
import { sarifErrors } from './sarif-schema';

const WORKER = `import amqp from 'amqplib';

export async function start(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  const label = '🐇'; await ch.assertQueue('jobs', { durable: false });
  await ch.assertQueue('billing', {
    arguments: { 'x-queue-master-locator': 'min-masters' },
  });
  await ch.consume('jobs', (m) => console.log(m), { noAck: true });
}
`;

interface Replacement {
  deletedRegion: { startLine: number; startColumn: number; endLine: number; endColumn: number };
  insertedContent: { text: string };
}

/** Applies SARIF replacements to a text, placing them by line and column (UTF-16 code units). */
function applyReplacements(text: string, replacements: Replacement[]): string {
  const lines = new LineIndex(text);
  const edits = replacements.map((r) => ({
    start: lines.offset(r.deletedRegion.startLine, r.deletedRegion.startColumn),
    end: lines.offset(r.deletedRegion.endLine, r.deletedRegion.endColumn),
    text: r.insertedContent.text,
  }));
  let out = text;
  for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

describe('scan --format sarif', () => {
  it('is valid SARIF 2.1.0 with rules, results, relative locations and fixes that match fix --write', () => {
    const dir = project({ 'src/my worker.ts': WORKER, 'src/broken.ts': "import amqp from 'amqplib';\nconst x = {;\n" }, { git: true });
    const r = cli(dir, 'scan', '--format', 'sarif');
    expect(r.code).toBe(1);
    const log = JSON.parse(r.stdout);
    expect(sarifErrors(log)).toEqual([]);
    expect(log.version).toBe('2.1.0');
    const run = log.runs[0];
    expect(run.tool.driver).toMatchObject({ name: 'rabbitmq4-codemod', version: expect.any(String) });
    const ids = run.tool.driver.rules.map((x: { id: string }) => x.id);
    expect(ids).toEqual([...ALL_RULES.map((x) => x.meta.id), 'unused-suppression']);
    // No package.json repository and no RABBITMQ4_CODEMOD_DOCS_URL here: no URL at all (a file:// or relative one is broken in code scanning).
    expect(run.tool.driver.informationUri).toBeUndefined();
    expect(JSON.stringify(log)).not.toMatch(/file:|MIGRATION\.md#/);
    for (const rule of run.tool.driver.rules) {
      expect(rule.helpUri).toBeUndefined();
      // The rule's MIGRATION.md section, embedded: the alert explains itself.
      expect(rule.help.markdown, rule.id).toMatch(new RegExp(`^#{2,3} ${rule.id}\n`));
      expect(rule.help.markdown.length, rule.id).toBeGreaterThan(200);
      expect(rule.help.text, rule.id).not.toMatch(/\]\(/);
      expect(rule.shortDescription.text).toBeTruthy();
      expect(rule.fullDescription.text).toBeTruthy();
      expect(['error', 'warning', 'note']).toContain(rule.defaultConfiguration.level);
    }

    const results = run.results as { ruleId: string; ruleIndex: number; level: string; locations: { physicalLocation: { artifactLocation: { uri: string }; region: Record<string, number> } }[]; fixes?: { artifactChanges: { artifactLocation: { uri: string }; replacements: Replacement[] }[] }[] }[];
    expect(results.map((x) => [x.ruleId, x.level])).toEqual([
      ['transient-nonexclusive-queue', 'error'],
      ['deprecated-queue-argument', 'error'],
      ['auto-ack-consumer', 'warning'],
    ]);
    for (const x of results) expect(ids[x.ruleIndex]).toBe(x.ruleId);
    const transient = results[0];
    // The emoji before the declaration is two UTF-16 code units: columns count code units (columnKind).
    expect(run.columnKind).toBe('utf16CodeUnits');
    expect(transient.locations[0].physicalLocation).toEqual({ artifactLocation: { uri: 'src/my%20worker.ts', uriBaseId: '%SRCROOT%' }, region: { startLine: 5, startColumn: 63, endLine: 5, endColumn: 68 } });
    expect(WORKER.split('\n')[4].slice(62, 67)).toBe('false');

    // Rewrites carry SARIF fixes; annotations do not.
    expect(results[2].fixes).toBeUndefined();
    const all = results.flatMap((x) => x.fixes ?? []).flatMap((f) => f.artifactChanges);
    expect(all.every((c) => c.artifactLocation.uri === 'src/my%20worker.ts')).toBe(true);
    const viaSarif = applyReplacements(WORKER, all.flatMap((c) => c.replacements));
    cli(dir, 'fix', '--write', '--allow-dirty');
    // fix --write also adds the annotation, which is not a SARIF fix.
    expect(viaSarif).toBe(read(dir, 'src/my worker.ts').replace(/^ *\/\/ rabbitmq4-codemod\(auto-ack-consumer\).*\n(?: *\/\/ .*\n)*/m, ''));
    expect(viaSarif).toContain("const label = '🐇'; await ch.assertQueue('jobs', { durable: true });");
    expect(viaSarif).toContain("'x-queue-leader-locator': 'balanced'");

    // A file that cannot be parsed is a tool notification, with its place.
    expect(run.invocations[0].toolExecutionNotifications).toEqual([
      expect.objectContaining({ level: 'error', locations: [{ physicalLocation: { artifactLocation: { uri: 'src/broken.ts', uriBaseId: '%SRCROOT%' }, region: { startLine: 2, startColumn: 12 } } }] }),
    ]);
  });

  it('places a fix in the file it edits (a shared constant in an imported module)', () => {
    const dir = project({
      'src/opts.ts': 'export const OPTS = { durable: false };\n',
      'src/a.ts': "import amqp from 'amqplib';\nimport { OPTS } from './opts';\n\nexport async function start(url: string) {\n  const ch = await (await amqp.connect(url)).createChannel();\n  await ch.assertQueue('jobs', OPTS);\n}\n",
    });
    const log = JSON.parse(cli(dir, 'scan', '--format', 'sarif').stdout);
    expect(sarifErrors(log)).toEqual([]);
    const [result] = log.runs[0].results;
    expect(result.locations[0].physicalLocation.artifactLocation.uri).toBe('src/a.ts');
    expect(result.fixes[0].artifactChanges).toEqual([
      { artifactLocation: { uri: 'src/opts.ts', uriBaseId: '%SRCROOT%' }, replacements: [{ deletedRegion: { startLine: 1, startColumn: 32, endLine: 1, endColumn: 37 }, insertedContent: { text: 'true' } }] },
    ]);
  });

  it('run from a monorepo package\'s folder, gives every path from the repository root', () => {
    const dir = project({ 'services/orders/src/opts.ts': 'export const OPTS = { durable: false };\n', 'services/orders/src/a.ts': "import amqp from 'amqplib';\nimport { OPTS } from './opts';\n\nexport async function start(url: string) {\n  const ch = await (await amqp.connect(url)).createChannel();\n  await ch.assertQueue('jobs', OPTS);\n}\n", 'services/orders/src/broken.ts': "import amqp from 'amqplib';\nconst x = {;\n" }, { git: true });
    const log = JSON.parse(cli(`${dir}/services/orders`, 'scan', '--format', 'sarif').stdout);
    expect(sarifErrors(log)).toEqual([]);
    const uris = JSON.stringify(log).match(/"uri": ?"[^"]*"/g);
    expect([...new Set(uris)].sort()).toEqual(['"uri":"services/orders/src/a.ts"', '"uri":"services/orders/src/broken.ts"', '"uri":"services/orders/src/opts.ts"']);
    expect(log.runs[0].originalUriBaseIds['%SRCROOT%'].description.text).toContain('root of the repository');
  });

  it('links each rule to its published section where RABBITMQ4_CODEMOD_DOCS_URL says where MIGRATION.md is', () => {
    const dir = project({ 'a.ts': WORKER });
    const r = spawnSync(process.execPath, [BIN, 'scan', '--format', 'sarif'], { cwd: dir, encoding: 'utf8', env: { ...process.env, RABBITMQ4_CODEMOD_DOCS_URL: 'https://docs.example.com/rmq4/MIGRATION.md' } });
    const rule = JSON.parse(r.stdout).runs[0].tool.driver.rules.find((x: { id: string }) => x.id === 'transient-nonexclusive-queue');
    expect(rule.helpUri).toBe('https://docs.example.com/rmq4/MIGRATION.md#transient-nonexclusive-queue');
    // Links inside the section point at the published file too.
    expect(rule.help.markdown).not.toMatch(/\]\((?!https:\/\/)/);
  });

  it('follows --target in levels and writes to --output', () => {
    const dir = project({ 'a.ts': WORKER });
    expect(cli(dir, 'scan', '--format', 'sarif', '--target', '4.1', '--output', 'out.sarif').stdout).toBe('');
    const log = JSON.parse(read(dir, 'out.sarif'));
    expect(sarifErrors(log)).toEqual([]);
    expect(log.runs[0].results[0]).toMatchObject({ ruleId: 'transient-nonexclusive-queue', level: 'warning' });
    expect(log.runs[0].tool.driver.rules[0].defaultConfiguration.level).toBe('warning');
  });

  it('is valid for a clean project (no results)', () => {
    const dir = project({ 'a.ts': 'export const x = 1;\n' });
    const r = cli(dir, 'scan', '--format', 'sarif');
    expect(r.code).toBe(0);
    const log = JSON.parse(r.stdout);
    expect(sarifErrors(log)).toEqual([]);
    expect(log.runs[0].results).toEqual([]);
  });
});

/** A markdown table row's cells (unescaped `|` separate them). */
const cells = (row: string) => row.trim().replace(/^\|/, '').replace(/\|$/, '').split(/(?<!\\)\|/).map((c) => c.trim());

describe('scan --format markdown', () => {
  it('has a summary line, a rules table, a findings table and the consumers table', () => {
    const dir = project({ 'src/a.ts': WORKER });
    const r = cli(dir, 'scan', '--format', 'markdown');
    expect(r.code).toBe(1);
    const md = r.stdout;
    expect(md).toContain('**2 errors, 1 warning, 0 info** in 1 file (1 scanned, 1 analysed, 0 parse errors; target RabbitMQ 4.3).');
    expect(md).toContain('| rule | severity | count | fix | what to do |');
    // No relative link (broken in the user's repository): the section's name, and where the sections are.
    expect(md).toContain('| `transient-nonexclusive-queue` | error | 1 | rewrite | `MIGRATION.md#transient-nonexclusive-queue` |');
    expect(md).toContain('| `auto-ack-consumer` | warning | 1 | annotate | `MIGRATION.md#auto-ack-consumer` |');
    expect(md).toContain('The sections are in MIGRATION.md of the rabbitmq4-codemod package');
    expect(md).not.toMatch(/\]\(MIGRATION/);
    expect(md).toContain('| where | rule | severity | message |');
    expect(md).toMatch(/\| `src\/a\.ts:5` \| `transient-nonexclusive-queue` \| error \| queue 'jobs' is transient/);
    expect(md).toContain('| where | queue | client | ack | prefetch | verdict | why |');
    expect(md).toMatch(/\| `src\/a\.ts:9` \| `jobs` \| amqplib \| auto \| none \| \*\*unsafe\*\* \| automatic ack/);
    // Every table row has as many cells as its header.
    let width = 0;
    for (const line of md.split('\n')) {
      if (!line.startsWith('|')) {
        width = 0;
        continue;
      }
      if (!width) width = cells(line).length;
      else expect(cells(line), line).toHaveLength(width);
    }
  });

  it('escapes | and line breaks in cells', () => {
    const src = WORKER.replace("'jobs', { durable", "'a|b\\nc', { durable");
    const dir = project({ 'a.ts': src });
    const md = cli(dir, 'scan', '--format', 'markdown').stdout;
    const row = md.split('\n').find((l) => l.includes('transient-nonexclusive-queue') && l.includes('is transient'))!;
    expect(row).toContain("queue 'a\\|b<br>c' is transient");
    expect(cells(row)).toHaveLength(4);
  });

  it('says so when there is nothing to report', () => {
    const dir = project({ 'a.ts': 'export const x = 1;\n' });
    const r = cli(dir, 'scan', '--format', 'markdown');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('**0 errors, 0 warnings, 0 info** in 0 files');
    expect(r.stdout).not.toContain('### Findings');
  });
});

describe('where reports link MIGRATION.md', () => {
  it('only to a public place: package.json\'s GitHub repository (at the version\'s tag) or the setting; nothing otherwise', async () => {
    const { publicMigrationUrl, publicRepository, migrationSection } = await import('../src/report/docs-url');
    const manifest = (repository?: unknown) => ({ version: '1.2.3', ...(repository ? { repository } : {}) }) as Parameters<typeof publicMigrationUrl>[1];
    expect(publicMigrationUrl({}, manifest())).toBeUndefined();
    for (const repository of ['https://github.com/acme/rabbitmq4-codemod.git', 'git+https://github.com/acme/rabbitmq4-codemod.git', { type: 'git', url: 'git@github.com:acme/rabbitmq4-codemod.git' }, 'github:acme/rabbitmq4-codemod']) {
      expect(publicRepository(manifest(repository)), JSON.stringify(repository)).toBe('https://github.com/acme/rabbitmq4-codemod');
      expect(publicMigrationUrl({}, manifest(repository))).toBe('https://github.com/acme/rabbitmq4-codemod/blob/v1.2.3/MIGRATION.md');
    }
    // Not a repository address the tool can turn into a page: no guess.
    expect(publicMigrationUrl({}, manifest('https://git.example.com/acme/x.git'))).toBeUndefined();
    expect(publicMigrationUrl({ RABBITMQ4_CODEMOD_DOCS_URL: 'https://wiki.example.com/MIGRATION.md' }, manifest('https://github.com/acme/x'))).toBe('https://wiki.example.com/MIGRATION.md');
    expect(publicMigrationUrl({ RABBITMQ4_CODEMOD_DOCS_URL: 'file:///tmp/MIGRATION.md' }, manifest())).toBeUndefined();
    // A section runs to the next heading of its level; headings in code blocks do not end it.
    const section = migrationSection('max-message-size')!;
    expect(section.markdown.startsWith('## max-message-size\n')).toBe(true);
    expect(section.markdown).toContain('# rabbitmq.conf');
    expect(section.markdown).not.toMatch(/\n## /);
  });
});
