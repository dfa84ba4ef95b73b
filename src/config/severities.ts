// Applies the config's severity overrides to the findings.
import type { Severity } from '../model';

/**
 * The config's severity overrides, applied right after analysis: rules never see them, and every
 * report format and the exit code do.
 */
export function applySeverities<F extends { ruleId: string; severity: Severity }>(findings: Iterable<F>, overrides: ReadonlyMap<string, Severity>): void {
  if (!overrides.size) return;
  for (const f of findings) {
    const s = overrides.get(f.ruleId);
    if (s) f.severity = s;
  }
}
