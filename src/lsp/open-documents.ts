import { TextDocuments } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { OpenDocument, OpenDocuments } from './analysis';
import { documentPath, fileSystemPathOf } from './document-path';

/** The documents the editor has open, kept in sync (full or incremental), by URI and by engine path. */
export class OpenDocumentSet {
  readonly synced = new TextDocuments(TextDocument);
  /** Engine paths are relative to it (set from the initialize request). */
  root: string | undefined;

  get(uri: string): TextDocument | undefined {
    return this.synced.get(uri);
  }

  uris(): string[] {
    return this.synced.keys();
  }

  toOpenDocument(doc: TextDocument): OpenDocument {
    const absolute = fileSystemPathOf(doc.uri);
    return { uri: doc.uri, path: documentPath(doc.uri, doc.languageId, this.root), ...(absolute ? { absolute } : {}), version: doc.version, text: doc.getText() };
  }

  byPath(): OpenDocuments {
    const map = new Map<string, OpenDocument>();
    for (const doc of this.synced.all()) {
      const open = this.toOpenDocument(doc);
      map.set(open.path, open);
    }
    return map;
  }
}
