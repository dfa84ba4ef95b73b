// Whether a module's exported function or class is its package's API: the package's entry module (named by its
// manifest, or the source file that entry is built from) exports it. Unknown when no entry module is found.
import * as path from 'node:path';
import type * as t from '@babel/types';
import type { FileContext } from './file-context';
import { exportedName } from './exported-api';
import { packageRoleOf } from './package-role';

/** Where a build puts what it compiles, replaced by `src/` to find the entry's source. */
const BUILD_DIR = /^(?:dist|lib|build|out|es|esm|cjs)\//;
const BUILT_EXTENSION = /(?:\.d)?\.(?:[cm]?js|ts)$/;
const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs'];

/**
 * Whether code outside the package can reach `fn` (a function the module exports, or a method or constructor of a
 * class it exports) through the package's entry module: false when the entry is found and exports neither under that
 * name (an adapter class only the package's own modules use), undefined when no entry module is found.
 */
export function isPackageApi(ctx: FileContext, fn: t.Function): boolean | undefined {
  const role = packageRoleOf(ctx);
  const project = ctx.resolver.project;
  const absolute = ctx.resolver.absolute;
  if (!role || !project || !absolute) return undefined;
  const exists = (e: string) => project.host.read(path.join(role.dir, e)) !== undefined;
  const entries = role.entries.flatMap((e) => sourcesOf(e).find((list) => list.some(exists))?.filter(exists) ?? []).map((e) => path.join(role.dir, e));
  if (!entries.length) return undefined;
  if (entries.includes(absolute)) return true;
  // A class's method or constructor, or a function exported by its own name (an object's method is left undecided).
  const cls = fn.type === 'ClassMethod' ? ctx.file.enclosingClass(fn) : undefined;
  const own = fn.type === 'FunctionDeclaration' || fn.type === 'FunctionExpression' || fn.type === 'ArrowFunctionExpression';
  const name = cls ? cls.id?.name : own ? exportedName(ctx, fn) : undefined;
  if (!name) return undefined;
  const target: t.Node = cls ?? fn;
  return entries.some((entry) => {
    for (const key of [name, 'default']) {
      const v = project.exported(entry, key);
      if ((v.kind === 'class' || v.kind === 'function') && v.node === target) return true;
    }
    return false;
  });
}

/**
 * The files an entry path may be, most likely first: the source a build compiles to it (`dist/index.js` from
 * `src/index.ts`), then the path as written (a package that ships its sources).
 */
function sourcesOf(entry: string): string[][] {
  const clean = path.posix.normalize(entry.replace(/^\.\//, ''));
  const withExtensions = (stem: string) => [...SOURCE_EXTENSIONS.map((x) => stem + x), ...SOURCE_EXTENSIONS.map((x) => `${stem}/index${x}`)];
  const built = BUILD_DIR.test(clean) ? [withExtensions(clean.replace(BUILD_DIR, 'src/').replace(BUILT_EXTENSION, ''))] : [];
  return [...built, [clean, ...withExtensions(clean.replace(BUILT_EXTENSION, ''))]];
}
