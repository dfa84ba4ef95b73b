// The JSON report (version 1).
import type { Report } from './model';

/** The JSON report (version 1). Offsets are internal and left out. */
export function renderJson(report: Report): string {
  const findings = report.findings.map(({ start: _s, end: _e, anchor: _a, related, fix: { edits: _edits, optIn, ...fix }, ...rest }) => ({
    ...rest,
    ...(related?.length ? { related: related.map(({ start: _rs, end: _re, ...place }) => place) } : {}),
    fix: optIn ? { ...fix, optIn: optIn.description } : fix,
  }));
  return `${JSON.stringify({ ...report, findings }, null, 2)}\n`;
}
