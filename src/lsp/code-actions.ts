// Code actions for a range: rewrites, annotations, suppressions and fix-all.
import { CodeActionKind, type CodeAction, type CodeActionParams, type Diagnostic, type WorkspaceEdit } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Finding, TextEdit } from '../model';
import { annotationEdit, suppressionEdit } from '../fix/annotate';
import { lineWidthFor } from '../fix/line-width';
import { isJsonPath } from '../parse';
import { isDependencyManifest } from '../deps/manifests';
import type { DocumentAnalysis } from './analysis';
import { SOURCE, type DiagnosticData } from './diagnostics';
import { editsFile, fixAllEdits } from './fix-all';
import { workspaceEdit, type EditTarget } from './workspace-edit';

export const FIX_ALL_KIND = `${CodeActionKind.SourceFixAll}.${SOURCE}`;
export const CODE_ACTION_KINDS = [CodeActionKind.QuickFix, FIX_ALL_KIND];

export interface CodeActionOptions {
  /** The client takes versioned documentChanges in a WorkspaceEdit. */
  documentChanges: boolean;
  /** Where an edit that names another file goes (see dependencySource in analysis.ts). */
  editTarget(enginePath: string): EditTarget | undefined;
}

/**
 * `analysis` must be of the document's current version: the edits are offsets into its text. A
 * document that does not parse gets quick fixes only for what was analysed (computed on its text
 * without the broken parts, and never touching them), and no fix-all: like `fix`, which never edits
 * a file that does not parse, a fix-on-save does not rewrite a half-written file.
 */
export function codeActions(params: CodeActionParams, doc: TextDocument, analysis: DocumentAnalysis, options: CodeActionOptions): CodeAction[] {
  const only = params.context?.only;
  const broken = analysis.syntaxErrors.flatMap((e) => (e.region ? [e.region] : []));
  const targetOf = (p: string) => (p === analysis.path ? { doc, version: doc.version, broken } : options.editTarget(p));
  const toEdit: ToWorkspaceEdit = (edits) => workspaceEdit(edits, analysis.path, targetOf, options.documentChanges);
  const actions: CodeAction[] = [];
  if (requested(CodeActionKind.QuickFix, only)) {
    const done = new Set<Finding>();
    for (const diagnostic of params.context?.diagnostics ?? []) {
      const finding = findingOf(diagnostic, analysis, doc);
      if (!finding || done.has(finding)) continue;
      done.add(finding);
      actions.push(...quickFixes(finding, diagnostic, doc, analysis.path, analysis.absolute, toEdit));
    }
  }
  const all = requested(FIX_ALL_KIND, only) && !analysis.syntaxErrors.length ? fixAllEdits(analysis.findings, analysis.path) : [];
  const allEdit = all.length ? toEdit(all) : undefined;
  if (allEdit) actions.push({ title: `Apply every ${SOURCE} rewrite in this file`, kind: FIX_ALL_KIND, edit: allEdit });
  return actions;
}

type ToWorkspaceEdit = (edits: readonly TextEdit[]) => WorkspaceEdit | undefined;

/** A quick fix whose edits cannot all be placed (another file is missing or changed) is left out. */
function quickFixes(f: Finding, diagnostic: Diagnostic, doc: TextDocument, ownPath: string, absolute: string, toEdit: ToWorkspaceEdit): CodeAction[] {
  const actions: CodeAction[] = [];
  const offer = (title: string, edits: readonly TextEdit[], isPreferred = false) => {
    const edit = toEdit(edits);
    if (edit) actions.push({ title, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], ...(isPreferred ? { isPreferred } : {}), edit });
  };
  const text = doc.getText();
  if (f.fix.kind === 'rewrite' && f.fix.edits?.length) offer(`${fixTitle('Fix', f.fix.edits, ownPath)}: ${f.fix.description} (${f.ruleId})`, f.fix.edits, true);
  const optIn = optInOf(f);
  if (optIn) offer(`${fixTitle('Opt-in fix', optIn.edits, ownPath)}: ${optIn.description}`, optIn.edits);
  // JSON and lock files hold no `//` comments: no marker and no ignore comment there.
  if (isJsonPath(f.file) || isDependencyManifest(f.file)) return actions;
  // Wrapped to the project's line width, as `fix` wraps the markers it writes.
  const annotation = annotationEdit(text, f.anchor, f.ruleId, f.fix.description, lineWidthFor(absolute));
  if (annotation) offer(`Annotate for review (${f.ruleId})`, [annotation]);
  offer(`Suppress ${f.ruleId} here`, [suppressionEdit(text, f.anchor, f.ruleId)]);
  return actions;
}

/**
 * The finding a diagnostic came from: by the offsets in its data when it was published for this
 * version, otherwise by rule id and range (a client may drop `data`, or the text moved on).
 */
function findingOf(diagnostic: Diagnostic, analysis: DocumentAnalysis, doc: TextDocument): Finding | undefined {
  const data = diagnostic.data as Partial<DiagnosticData> | undefined;
  const sameRule = analysis.findings.filter((f) => f.ruleId === String(diagnostic.code));
  if (data?.version === analysis.version) {
    const exact = sameRule.find((f) => f.start === data.start && f.end === data.end);
    if (exact) return exact;
  }
  const { start, end } = diagnostic.range ?? {};
  if (!start || !end) return undefined;
  return sameRule.find((f) => doc.offsetAt(start) === f.start && doc.offsetAt(end) === f.end);
}

/** A fix that edits other files says which: applying it changes a document the user may not have open. */
function fixTitle(kind: string, edits: readonly TextEdit[], ownPath: string): string {
  const others = [...new Set(edits.filter((e) => !editsFile(e, ownPath)).map((e) => e.file!))];
  if (!others.length) return kind;
  return `${kind} in ${edits.some((e) => editsFile(e, ownPath)) ? `this file and ${others.join(', ')}` : others.join(', ')}`;
}

/** An opt-in rewrite (e.g. an auto-ack consumer to manual ack), when the engine offers one. */
function optInOf(f: Finding): { description: string; edits: TextEdit[] } | undefined {
  const optIn = f.fix.optIn;
  return optIn && typeof optIn.description === 'string' && Array.isArray(optIn.edits) && optIn.edits.length ? optIn : undefined;
}

/** LSP kinds are hierarchical: asking for `source.fixAll` includes `source.fixAll.<tool>`. */
function requested(kind: string, only: readonly string[] | undefined): boolean {
  return !only || only.some((o) => kind === o || kind.startsWith(`${o}.`));
}
