import { createRequire } from 'node:module';
import { estreeToBabel, type OxcComment, type TextStart } from './estree-to-babel';

/** oxc's `parseSync`: the JSON transfer path (raw transfer needs Node 22). */
type ParseSync = (
  filename: string,
  text: string,
  options: { lang: OxcLang; sourceType: 'module' | 'commonjs' | 'unambiguous'; preserveParens: true; showSemanticErrors: boolean },
) => { program: Record<string, unknown>; comments: OxcComment[]; errors: { message: string }[] };

let loaded: ParseSync | null | undefined;

/** oxc's parser, or undefined when its native binding cannot be loaded here (tried once). */
export function oxcParser(): ParseSync | undefined {
  if (loaded === undefined) {
    try {
      // oxc-parser is an ES module: require(esm) loads it synchronously, as the rest of the engine is.
      loaded = (createRequire(__filename)('oxc-parser') as { parseSync: ParseSync }).parseSync;
    } catch {
      loaded = null;
    }
  }
  return loaded ?? undefined;
}

export type OxcLang = 'ts' | 'tsx' | 'js' | 'jsx';
type SourceType = 'module' | 'script' | 'unambiguous';

/**
 * The Babel-shaped tree of `text` through oxc, or undefined when oxc reports any error: the caller
 * then asks Babel, whose verdict (and message) decides. `at`: where `text` starts in its file.
 */
export function parseWithOxc(parse: ParseSync, text: string, lang: OxcLang, sourceType: SourceType, at: TextStart) {
  const result = oxcResult(parse, text, lang, sourceType);
  if (result.errors.length) return undefined;
  return estreeToBabel(result.program, result.comments, text, at, sourceType, lang === 'ts' || lang === 'tsx');
}

/**
 * oxc's own result. Its semantic checks are on: without them it accepts what Babel refuses (`let x;
 * let x;`, `break;` outside a loop, an undeclared `#name`, a duplicate `__proto__`); they cost ~4%.
 */
export function oxcResult(parse: ParseSync, text: string, lang: OxcLang, sourceType: SourceType): ReturnType<ParseSync> {
  const filename = `file.${lang}`;
  // A script (a .cjs file) may `return` at the top level, as Babel allows it: oxc's 'commonjs'.
  const result = parse(filename, text, { lang, sourceType: sourceType === 'script' ? 'commonjs' : sourceType, preserveParens: true, showSemanticErrors: true });
  if (result.errors.length && sourceType === 'unambiguous' && text.includes('return')) {
    return parse(filename, text, { lang, sourceType: 'commonjs', preserveParens: true, showSemanticErrors: true });
  }
  return result;
}
