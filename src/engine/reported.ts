// A project's analysis narrowed to the files a command names: their findings, and only the edits that lie in them.
import type { Finding, TextEdit } from '../model';
import type { Analysis, FileResult } from './analyze';

const editKey = (file: string, e: TextEdit) => `${e.file ?? file}:${e.start}:${e.end}:${e.text}`;

/**
 * The results of the files `reported` keeps (the analysis itself is left as it is). A finding whose fix
 * also edits a file `editable` refuses (a project file outside the named paths) is kept but loses its
 * edits, and says why: a rewrite is applied whole or not at all. Edits that only findings of files left
 * out make are dropped too.
 */
export function reportedOnly(analysis: Analysis, reported: (f: FileResult) => boolean, editable: (file: string) => boolean): FileResult[] {
  const keptPaths = new Set(analysis.files.filter(reported).map((f) => f.path));
  const outsideOf = (finding: Finding) => [...new Set((finding.fix.edits ?? []).map((e) => e.file ?? finding.file).filter((file) => !keptPaths.has(file) && !editable(file)))];
  const withheld = new Set<string>();
  const allowed = new Set<string>();
  for (const f of analysis.files) {
    for (const finding of f.findings) {
      const whole = keptPaths.has(f.path) && outsideOf(finding).length === 0;
      for (const e of finding.fix.edits ?? []) (whole ? allowed : withheld).add(editKey(finding.file, e));
    }
  }
  return analysis.files
    .filter((f) => keptPaths.has(f.path))
    .map((f) => {
      const edits = f.edits.filter((e) => allowed.has(editKey(f.path, e)) || !withheld.has(editKey(f.path, e)));
      const findings = f.findings.map((finding) => {
        const outside = outsideOf(finding);
        if (!outside.length || !finding.fix.edits?.length) return finding;
        const note = `not applied here: it also edits ${outside.join(', ')}, outside the paths given; run the fix on ${outside.length > 1 ? 'them' : 'it'} too`;
        const { edits: _dropped, ...fix } = finding.fix;
        return { ...finding, fix: { ...fix, description: fix.description ? `${fix.description} (${note})` : note } };
      });
      return edits.length === f.edits.length && findings.every((x, i) => x === f.findings[i]) ? f : { ...f, edits, findings };
    });
}
