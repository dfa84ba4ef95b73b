// The file path the engine uses for an open document (by URI and language).
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SOURCE_EXTENSIONS } from '../parse';
import { isDependencyManifest } from '../deps/manifests';

/** The extension that makes the engine parse a document of this language the right way. */
const EXTENSION_BY_LANGUAGE: Record<string, string> = {
  typescript: '.ts',
  typescriptreact: '.tsx',
  javascript: '.js',
  javascriptreact: '.jsx',
};

/**
 * The path the engine reports a document under: relative to the workspace root with `/`, as the
 * CLI reports it, or absolute outside the workspace. A document without a source extension
 * (an unsaved `untitled:` buffer) gets one from its language id, because the engine picks its
 * parser by extension.
 */
export function documentPath(uri: string, languageId: string, workspaceRoot: string | undefined): string {
  let p = uri.startsWith('file:') ? safeFileUrlToPath(uri) : decodeURIComponent(uri.replace(/^[a-z][\w+.-]*:\/*/i, ''));
  if (workspaceRoot && path.isAbsolute(p)) {
    const rel = path.relative(workspaceRoot, p);
    if (rel && !rel.startsWith('..') && !path.isAbsolute(rel)) p = rel;
  }
  p = p.split(path.sep).join('/');
  // package.json and lock files keep their names: the engine reads them as dependency manifests.
  if (!SOURCE_EXTENSIONS.some((ext) => p.endsWith(ext)) && !isDependencyManifest(p)) p += EXTENSION_BY_LANGUAGE[languageId] ?? '.ts';
  return p;
}

export function fileSystemPathOf(uri: string | null | undefined): string | undefined {
  return uri && uri.startsWith('file:') ? safeFileUrlToPath(uri) : undefined;
}

function safeFileUrlToPath(uri: string): string {
  try {
    return fileURLToPath(uri);
  } catch {
    return decodeURIComponent(uri.replace(/^file:\/*/, '/'));
  }
}
