import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { analyze } from '../engine/analyze';
import { DEFAULT_MAX_FILE_BYTES } from '../engine/project';
import type { Finding } from '../model';
import { analyzeOptionsOf, type Settings } from './settings';

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

/** Every open document by path: what a cross-file analysis must read instead of the disk. */
export type OpenDocuments = ReadonlyMap<string, OpenDocument>;

export interface DocumentAnalysis {
  uri: string;
  path: string;
  version: number;
  findings: Finding[];
  /** Set when the document does not parse (1-based line and column). */
  parseError?: { message: string; line: number; column: number };
  /** Why the document was not analysed at all (too large, or the engine failed). */
  notAnalysed?: string;
}

/**
 * The only place the language server calls the engine.
 * The document's unsaved text is analysed; the modules it imports are read from disk, relative to
 * the workspace root (`cwd`, which reported paths are relative to as well). For imports to see
 * the unsaved text of other open documents (`open`), the engine needs an overlay that is not an
 * input: passing them as inputs would analyse every open document on each keystroke.
 */
export function analyzeDocument(doc: OpenDocument, open: OpenDocuments, settings: Settings, cwd: string | undefined): DocumentAnalysis {
  const base = { uri: doc.uri, path: doc.path, version: doc.version, findings: [] };
  const bytes = Buffer.byteLength(doc.text);
  // The CLI skips such files too; parsing several MB on every keystroke would stall the editor.
  if (bytes > DEFAULT_MAX_FILE_BYTES) return { ...base, notAnalysed: `${bytes} bytes is over the size limit of ${DEFAULT_MAX_FILE_BYTES} bytes` };
  try {
    const input = { path: doc.path, text: doc.text, ...(doc.absolute ? { absolute: doc.absolute } : {}) };
    const result = analyze([input], { ...analyzeOptionsOf(settings), ...(cwd ? { cwd } : {}) }).files.find((f) => f.path === doc.path);
    if (result?.status === 'parse-error' && result.error) return { ...base, parseError: result.error };
    return { ...base, findings: result?.findings ?? [] };
  } catch (e) {
    return { ...base, notAnalysed: `internal error: ${(e as Error).stack ?? String(e)}` };
  }
}

/**
 * The other open documents whose diagnostics may change when `changed` changes.
 * None while analysis is per file; with cross-file resolution: the open documents that import a
 * name `changed` exports.
 */
export function documentsAffectedBy(changed: OpenDocument, open: OpenDocuments): OpenDocument[] {
  return [];
}

/**
 * The text an edit in another file (`TextEdit.file`) was computed on, and where to send it. The
 * engine reads imported modules from disk, so an open document takes the edit only while its
 * text is what is on disk; otherwise the offsets would land in the wrong place.
 */
export function dependencySource(enginePath: string, open: OpenDocuments, cwd: string | undefined): { uri: string; version: number | null; text: string } | undefined {
  const absolute = path.resolve(cwd ?? process.cwd(), enginePath);
  let disk: string;
  try {
    if (fs.statSync(absolute).size > DEFAULT_MAX_FILE_BYTES) return undefined;
    disk = fs.readFileSync(absolute, 'utf8');
  } catch {
    return undefined;
  }
  const openDoc = open.get(enginePath);
  if (openDoc) return openDoc.text === disk ? { uri: openDoc.uri, version: openDoc.version, text: disk } : undefined;
  return { uri: pathToFileURL(absolute).href, version: null, text: disk };
}
