// The consumers table of a report.
import type { Analysis } from '../engine/analyze';

export interface ConsumerReport {
  file: string;
  line: number;
  client: string;
  queue: string | null;
  ack: 'auto' | 'manual' | 'unknown';
  prefetch: number | null;
  verdict: 'safe' | 'unsafe' | 'unknown';
  reasons: string[];
}

/** The consumers table: every consumer with its verdict (filled by the consumer rules' findings). */
export function consumerReports(analysis: Analysis): ConsumerReport[] {
  return analysis.files.flatMap((f) => f.consumers);
}
