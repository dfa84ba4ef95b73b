// Workspace edits for code actions, versioned for open documents.
import type { TextDocumentEdit, TextEdit as LspTextEdit, WorkspaceEdit } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextEdit } from '../model';
import type { Region } from '../parse/recover';

/**
 * A document an edit can go to: open in the editor (with its version) or read from disk (version
 * null); `broken`: the regions of it that do not parse (left out of the analysis), which no edit touches.
 */
export interface EditTarget {
  doc: TextDocument;
  version: number | null;
  broken?: readonly Region[];
}

/** A TextDocument over the text an edit was computed on, for offset-to-position conversion. */
export function editTargetOf(source: { uri: string; version: number | null; text: string } | undefined, broken?: readonly Region[]): EditTarget | undefined {
  return source && { doc: TextDocument.create(source.uri, 'typescript', source.version ?? 0, source.text), version: source.version, ...(broken?.length ? { broken } : {}) };
}

/** An edit at or inside a region that does not parse: the text there is not what the edit was computed on. */
const touches = (e: TextEdit, r: Region) => e.start <= r.end && r.start <= e.end;

/**
 * The engine's offset edits as a WorkspaceEdit. An edit belongs to the analysed document unless it
 * names another file (`TextEdit.file`, a path like the document's). Each document's edits are a
 * versioned TextDocumentEdit, so the client refuses them if the text changed since; a client that
 * cannot take documentChanges gets plain `changes`. Undefined if a file cannot be found, or an
 * edit would touch a part of it that does not parse.
 */
export function workspaceEdit(edits: readonly TextEdit[], ownPath: string, targetOf: (path: string) => EditTarget | undefined, documentChanges: boolean): WorkspaceEdit | undefined {
  const byPath = new Map<string, TextEdit[]>();
  for (const e of edits) {
    const p = e.file ?? ownPath;
    byPath.set(p, [...(byPath.get(p) ?? []), e]);
  }
  const perDocument: { target: EditTarget; edits: LspTextEdit[] }[] = [];
  for (const [p, group] of byPath) {
    const target = targetOf(p);
    if (!target || group.some((e) => target.broken?.some((r) => touches(e, r)))) return undefined;
    const { doc } = target;
    const lspEdits = [...group]
      .sort((a, b) => a.start - b.start || a.end - b.end)
      .map((e) => ({ range: { start: doc.positionAt(e.start), end: doc.positionAt(e.end) }, newText: e.text }));
    perDocument.push({ target, edits: lspEdits });
  }
  if (!documentChanges) return { changes: Object.fromEntries(perDocument.map(({ target, edits: e }) => [target.doc.uri, e])) };
  return {
    documentChanges: perDocument.map(({ target, edits: e }): TextDocumentEdit => ({ textDocument: { uri: target.doc.uri, version: target.version }, edits: e })),
  };
}
