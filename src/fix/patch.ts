// A unified diff that `git apply` accepts.
import { structuredPatch } from 'diff';

/** A unified diff of one file that `git apply` accepts (paths relative to where it is applied). */
export function unifiedDiff(relative: string, before: string, after: string): string {
  const patch = structuredPatch(`a/${relative}`, `b/${relative}`, before, after, '', '', { context: 3 });
  let out = `diff --git a/${relative} b/${relative}\n--- a/${relative}\n+++ b/${relative}\n`;
  for (const h of patch.hunks) {
    out += `@@ -${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines} @@\n`;
    for (const line of h.lines) out += `${line}\n`;
  }
  return out;
}
