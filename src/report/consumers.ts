// The consumers table of a report.
import type { Analysis } from '../engine/analyze';
import type { ConsumerReport } from '../model';

export type { ConsumerReport };

/** The consumers table: every consumer with its verdict (filled by the consumer rules' findings). */
export function consumerReports(analysis: Analysis): ConsumerReport[] {
  return analysis.files.flatMap((f) => f.consumers);
}
