/** Issue 18: the JSON report's schema (schemas/report-v1.schema.json, shipped in the package) holds for real output. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { cli, project, ROOT } from './helpers';

const SCHEMA_FILE = path.join(ROOT, 'schemas', 'report-v1.schema.json');
const schema = JSON.parse(fs.readFileSync(SCHEMA_FILE, 'utf8'));
// strict: a keyword the schema misspells is an error, not an ignored annotation.
const validate = new Ajv({ allErrors: true, strict: true }).compile(schema);

function schemaErrors(report: unknown): string[] {
  return validate(report) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
}

function scanJson(dir: string, ...args: string[]) {
  const r = cli(dir, 'scan', '.', '--format', 'json', '--fail-on', 'never', ...args);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

describe('the JSON report schema (version 1)', () => {
  it('is what package.json ships', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    expect(pkg.files).toContain('schemas/');
    expect(schema.properties.version).toEqual({ const: 1 });
  });

  it('holds for the report of every fixture, at every target', () => {
    for (const target of ['4.0', '4.3']) {
      const report = scanJson(path.join(ROOT, 'test-fixtures'), '--target', target);
      expect(report.findings.length).toBeGreaterThan(100);
      expect(report.consumers.length).toBeGreaterThan(10);
      // The optional parts are in this output, so the schema is checked against them too.
      expect(report.findings.some((f: { fix: { optIn?: string } }) => f.fix.optIn)).toBe(true);
      expect(report.findings.some((f: { fix: { existingQueue?: string } }) => f.fix.existingQueue)).toBe(true);
      expect(report.consumers.some((c: { queue: string | null }) => c.queue === null)).toBe(true);
      expect(schemaErrors(report)).toEqual([]);
    }
  });

  it('holds for parse errors, skipped files and dependency findings', () => {
    const dir = project({
      'broken.ts': "import amqp from 'amqplib';\nconst x = {;\n",
      'big.ts': `import amqp from 'amqplib';\nexport const q = (ch: amqp.Channel) => ch.assertQueue('q', { durable: false });\n// ${'x'.repeat(3000)}\n`,
      'package.json': '{ "name": "x", "dependencies": { "amqplib": "0.10.3" } }\n',
    });
    const report = scanJson(dir, '--max-file-size', '1k');
    expect(report.errors).toHaveLength(1);
    expect(report.skipped).toHaveLength(1);
    expect(report.findings.map((f: { ruleId: string }) => f.ruleId)).toContain('client-frame-max');
    expect(schemaErrors(report)).toEqual([]);
  });

  it('refuses what a reader must not get: an unknown property, a missing one, a 0-based position', () => {
    const report = scanJson(path.join(ROOT, 'test-fixtures', 'transient-nonexclusive-queue'));
    expect(schemaErrors(report)).toEqual([]);
    expect(schemaErrors({ ...report, extra: true })).not.toEqual([]);
    const { consumers: _c, ...missing } = report;
    expect(schemaErrors(missing)).not.toEqual([]);
    expect(schemaErrors({ ...report, findings: [{ ...report.findings[0], column: 0 }] })).not.toEqual([]);
    expect(schemaErrors({ ...report, version: 2 })).not.toEqual([]);
  });
});
