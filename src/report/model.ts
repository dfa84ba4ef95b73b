// The report every format renders: the JSON report's shape.
import type { Finding, Severity, TargetVersion } from '../model';
import type { ProjectRun } from '../engine/project';
import { consumerReports, type ConsumerReport } from './consumers';

import { TOOL_NAME, TOOL_VERSION } from '../version';

export { TOOL_NAME, TOOL_VERSION };

export interface ReportError {
  file: string;
  message: string;
  line?: number;
  column?: number;
}

/** What every report format renders: the JSON report's shape (DESIGN section 5). */
export interface Report {
  version: 1;
  tool: { name: string; version: string };
  target: TargetVersion;
  summary: {
    files: number;
    parsed: number;
    parseErrors: number;
    skipped: number;
    /** With --cache: files whose results came from the cache, and files analysed in this run. */
    cache?: { reused: number; analysed: number };
    findings: Record<Severity, number>;
  };
  findings: Finding[];
  consumers: ConsumerReport[];
  errors: ReportError[];
  skipped: ReportError[];
  /** The analysed text of a reported file (for formats that turn offsets into lines); not serialised. */
  source?: (file: string) => string | undefined;
}

export function buildReport(run: ProjectRun): Report {
  const files = run.analysis.files;
  const findings = files.flatMap((f) => f.findings);
  const counts: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  for (const f of findings) counts[f.severity]++;
  const parseErrors: ReportError[] = files
    .filter((f) => f.status === 'parse-error')
    .map((f) => ({ file: f.path, message: `cannot parse: ${f.error!.message}`, line: f.error!.line, column: f.error!.column }));
  return {
    version: 1,
    tool: { name: TOOL_NAME, version: TOOL_VERSION },
    target: run.analysis.options.target,
    summary: {
      files: run.discovered,
      parsed: files.filter((f) => f.status === 'analysed').length,
      parseErrors: parseErrors.length,
      skipped: run.skipped.length,
      ...(run.cache ? { cache: { reused: run.cache.reused, analysed: run.cache.analysed } } : {}),
      findings: counts,
    },
    findings,
    consumers: consumerReports(run.analysis),
    errors: [...parseErrors, ...run.errors],
    skipped: run.skipped,
    source: (file) => files.find((f) => f.path === file)?.text,
  };
}
