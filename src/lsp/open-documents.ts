// The documents the editor has open, kept in sync.
import { TextDocuments } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { documentPath, fileSystemPathOf } from './document-path';

/** An open document as the engine sees it: the editor's unsaved text, by path. */
export interface OpenDocument {
  uri: string;
  /** The path the engine reports and picks a parser by (see document-path.ts). */
  path: string;
  /** Where the document lives on disk (file: URIs only): imports resolve from there. */
  absolute?: string;
  version: number;
  text: string;
}

/** The documents the editor has open, kept in sync (full or incremental), by URI and by file on disk. */
export class OpenDocumentSet {
  readonly synced = new TextDocuments(TextDocument);
  /** Engine paths are relative to it (set from the initialize request). */
  root: string | undefined;
  private readonly uriByFile = new Map<string, string>();

  constructor() {
    this.synced.onDidOpen((e) => {
      const absolute = fileSystemPathOf(e.document.uri);
      if (absolute) this.uriByFile.set(absolute, e.document.uri);
    });
    this.synced.onDidClose((e) => {
      const absolute = fileSystemPathOf(e.document.uri);
      if (absolute && this.uriByFile.get(absolute) === e.document.uri) this.uriByFile.delete(absolute);
    });
  }

  get(uri: string): TextDocument | undefined {
    return this.synced.get(uri);
  }

  /** The open document of a file on disk (absolute path), if the editor has it open. */
  atFile(absolute: string): TextDocument | undefined {
    const uri = this.uriByFile.get(absolute);
    return uri === undefined ? undefined : this.synced.get(uri);
  }

  uris(): string[] {
    return this.synced.keys();
  }

  toOpenDocument(doc: TextDocument): OpenDocument {
    const absolute = fileSystemPathOf(doc.uri);
    return { uri: doc.uri, path: documentPath(doc.uri, doc.languageId, this.root), ...(absolute ? { absolute } : {}), version: doc.version, text: doc.getText() };
  }
}
