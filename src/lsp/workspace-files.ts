// The files the engine reads besides the analysed document: open documents' unsaved text over the disk.
import * as fs from 'node:fs';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { SourceHost } from '../index/module-resolution';
import type { OpenDocumentSet } from './open-documents';

/**
 * The files the engine reads besides the analysed document: an open document's unsaved text over
 * the file on disk. Disk reads are kept while the file's size and modification time stay the same,
 * so re-analysing on each keystroke does not re-read unchanged modules.
 */
export class WorkspaceFiles implements SourceHost {
  private readonly disk = new Map<string, { mtimeMs: number; size: number; text: string }>();
  /** Every file read while set (the files outside the project an analysis read, for its reuse). */
  reads?: Set<string>;

  constructor(private readonly documents: OpenDocumentSet) {}

  read(absolute: string): string | undefined {
    this.reads?.add(absolute);
    const open = this.documents.atFile(absolute);
    if (open) return open.getText();
    const stat = statFile(absolute);
    if (!stat) {
      this.disk.delete(absolute);
      return undefined;
    }
    const cached = this.disk.get(absolute);
    if (cached && cached.mtimeMs === stat.mtimeMs && cached.size === stat.size) return cached.text;
    try {
      const text = fs.readFileSync(absolute, 'utf8');
      this.disk.set(absolute, { mtimeMs: stat.mtimeMs, size: stat.size, text });
      return text;
    } catch {
      return undefined;
    }
  }

  /** The editor's document of the file, if it is open. */
  openDocument(absolute: string): TextDocument | undefined {
    return this.documents.atFile(absolute);
  }

  exists(absolute: string): boolean {
    return !!this.documents.atFile(absolute) || !!statFile(absolute);
  }

  /** The file changed on disk (a watched-file event or a save): read it again next time. */
  changedOnDisk(absolute: string): void {
    this.disk.delete(absolute);
  }

  /** Records every file `read` through the returned host (what an analysis depended on). */
  recording(reads: Set<string>): SourceHost {
    return {
      read: (p) => {
        reads.add(p);
        return this.read(p);
      },
      exists: (p) => this.exists(p),
    };
  }
}

function statFile(absolute: string): fs.Stats | undefined {
  try {
    const stat = fs.statSync(absolute, { throwIfNoEntry: false });
    return stat?.isFile() ? stat : undefined;
  } catch {
    // ENOTDIR, EACCES: not a file the engine can read.
    return undefined;
  }
}
