/**
 * Issue 27: `rules` says what each rule's severity and fix depend on, and that agrees with what scan
 * reports. Every fixture's findings are held to the listing: a rule that reports another severity than
 * its headline (for the fixture's target) must say so in `dependsOn`, naming that severity, and every
 * fix kind must be the rule's own or one the listing's rule for every rule allows.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_RULES } from '../src/rules';
import { isDependencyManifest } from '../src/deps';
import { EVERY_RULE } from '../src/cli/rules';
import type { TargetVersion } from '../src/model';
import { FIXTURES } from './fixture-cases';
import { cli } from './helpers';

interface Stored {
  ruleId: string;
  severity: string;
  file: string;
  fix: { kind: string };
}

/** Every fixture's stored findings, with the target and options it ran with. */
function fixtureFindings(): { rule: string; target: TargetVersion; unsafeFixes: boolean; finding: Stored; where: string }[] {
  const out: ReturnType<typeof fixtureFindings> = [];
  for (const rule of fs.readdirSync(FIXTURES)) {
    const dir = path.join(FIXTURES, rule);
    if (!fs.statSync(dir).isDirectory()) continue;
    for (const entry of fs.readdirSync(dir).filter((e) => e.endsWith('.findings.json'))) {
      const base = entry.slice(0, -'.findings.json'.length);
      const optionsFile = path.join(dir, `${base}.options.json`);
      const options = fs.existsSync(optionsFile) ? JSON.parse(fs.readFileSync(optionsFile, 'utf8')) : {};
      for (const finding of JSON.parse(fs.readFileSync(path.join(dir, entry), 'utf8')) as Stored[]) {
        out.push({ rule, target: options.target ?? '4.3', unsafeFixes: !!options.unsafeFixes, finding, where: `${rule}/${base}` });
      }
    }
  }
  return out;
}

describe('`rules`: what severity and fix depend on', () => {
  const findings = fixtureFindings();
  const metaOf = new Map(ALL_RULES.map((r) => [r.meta.id, r.meta]));

  it('reads enough fixtures to mean something', () => {
    expect(findings.length).toBeGreaterThan(500);
  });

  it('a rule whose findings leave its headline severity says what it depends on, naming each severity it reports', () => {
    const off = new Map<string, Set<string>>();
    for (const { finding, target } of findings) {
      const meta = metaOf.get(finding.ruleId);
      if (!meta || finding.severity === meta.severity[target]) continue;
      off.set(finding.ruleId, (off.get(finding.ruleId) ?? new Set()).add(finding.severity));
    }
    expect(off.size).toBeGreaterThan(5);
    for (const [id, severities] of off) {
      const dependsOn = metaOf.get(id)!.dependsOn;
      expect(dependsOn, `${id} reports ${[...severities].join(', ')} besides its headline: say why in meta.dependsOn`).toBeDefined();
      for (const s of severities) expect(dependsOn, `${id}: dependsOn must name ${s}`).toMatch(new RegExp(`\\b${s}\\b`));
    }
  });

  it('every fix kind a finding has is the rule\'s own, or one the rule for every rule allows', () => {
    for (const { finding, unsafeFixes, where } of findings) {
      const meta = metaOf.get(finding.ruleId);
      if (!meta) continue;
      const kind = finding.fix.kind;
      const allowed =
        kind === meta.fixable ||
        // An info finding, or one in a manifest or JSON file (no comments there), is reported only.
        (kind === 'none' && (finding.severity === 'info' || isDependencyManifest(finding.file) || finding.file.endsWith('.json') || /reported only/.test(meta.dependsOn ?? ''))) ||
        // A rewrite that is not safe where the value is written is annotated.
        (kind === 'annotate' && (meta.fixable === 'rewrite' || /annotated/.test(meta.dependsOn ?? ''))) ||
        // Opt-in rewrites.
        (kind === 'rewrite' && unsafeFixes && /--unsafe-fixes/.test(meta.dependsOn ?? ''));
      expect(allowed, `${where}: ${finding.ruleId} ${finding.severity} fix ${kind} (rule: ${meta.fixable})`).toBe(true);
    }
  });

  it('text output shows it under each rule, and what holds for every rule at the end', () => {
    const r = cli(process.cwd(), 'rules');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      'consumer-null-message  [info (4.0-4.2), warning (4.3); fix: rewrite]\n    A consumer callback that uses its message without handling null, which the client passes when the broker cancels the consumer\n    depends: warning on 4.3 for a manual-ack consumer of a quorum queue or of a queue whose type the code does not prove',
    );
    expect(r.stdout).toContain('global-qos  [warning; fix: rewrite]');
    expect(r.stdout).toContain('direct-reply-to-binding  [warning (4.0-4.1), error (4.2-4.3); fix: annotate]');
    expect(r.stdout).toContain('unused-suppression  [warning; fix: none]');
    expect(r.stdout.trimEnd().endsWith(EVERY_RULE)).toBe(true);
    const json = JSON.parse(cli(process.cwd(), 'rules', '--format', 'json').stdout);
    expect(json.find((x: { id: string }) => x.id === 'consumer-null-message').dependsOn).toBe(metaOf.get('consumer-null-message')!.dependsOn);
  });
});
