// oxc-parser's native parse, and its result read as the converter needs it: through raw transfer where the
// runtime has it (Node 22+), else as JSON.
import { createRequire } from 'node:module';
import { estreeToBabel, type ChildKeys, type OxcComment, type TextStart } from './estree-to-babel';

type OxcOptions = { lang: OxcLang; sourceType: 'module' | 'commonjs' | 'unambiguous'; preserveParens: true; showSemanticErrors: boolean };

/**
 * oxc's native `parseSync` (the JSON transfer: its result's getters each take their value out of native
 * memory; `program` is the tree as JSON), or its raw transfer's `parseSyncRaw` (the tree written into a
 * buffer the JavaScript side reads objects from: no JSON text, no `JSON.parse`).
 */
type ParseSync = (filename: string, text: string, options: OxcOptions) => OxcResult;

export interface OxcParser {
  parseSync: ParseSync;
  visitorKeys: ChildKeys;
  /** Whether `parseSync` is the raw transfer (its `program` is the tree itself). */
  raw: boolean;
}

let loaded: OxcParser | null | undefined;

/** oxc's parser, or undefined when its native binding cannot be loaded here (tried once). */
export function oxcParser(): OxcParser | undefined {
  if (loaded === undefined) {
    try {
      // oxc-parser is an ES module: require(esm) loads it synchronously, as the rest of the engine is.
      // Its native binding, not its wrapper: the wrapper also reads the module record (static imports
      // and exports, ~10% of oxc's time on the dense corpus) that nothing here uses.
      const load = createRequire(__filename);
      const visitorKeys = (load('oxc-parser/src-js/generated/visit/keys') as { default: ChildKeys }).default;
      loaded = { ...(rawTransfer(load) ?? { parseSync: (load('oxc-parser/src-js/bindings') as { parseSync: ParseSync }).parseSync, raw: false }), visitorKeys };
    } catch {
      loaded = null;
    }
  }
  return loaded ?? undefined;
}

/**
 * The raw transfer where oxc says the runtime supports it (Node 22+ on a 64-bit little-endian machine; it
 * needs an ArrayBuffer over 4 GiB, of which only the pages a parse writes take memory). On the dense corpus
 * it hands a tree over in less than half the time of the JSON transfer (bench/RESULTS.md).
 * RABBITMQ4_CODEMOD_OXC_TRANSFER=json keeps the JSON transfer (for comparisons).
 */
function rawTransfer(load: NodeJS.Require): Pick<OxcParser, 'parseSync' | 'raw'> | undefined {
  if (process.env.RABBITMQ4_CODEMOD_OXC_TRANSFER === 'json') return undefined;
  try {
    const { rawTransferSupported } = load('oxc-parser/src-js/raw-transfer/supported') as { rawTransferSupported(): boolean };
    if (!rawTransferSupported()) return undefined;
    const { parseSyncRaw } = load('oxc-parser/src-js/raw-transfer/eager') as { parseSyncRaw: ParseSync };
    return { parseSync: parseSyncRaw, raw: true };
  } catch {
    return undefined;
  }
}

export type OxcLang = 'ts' | 'tsx' | 'jsx';
type SourceType = 'module' | 'script' | 'unambiguous';

/**
 * The Babel-shaped tree of `text` through oxc, or undefined when oxc reports any error: the caller
 * then asks Babel, whose verdict (and message) decides. `at`: where `text` starts in its file.
 */
export function parseWithOxc(oxc: OxcParser, text: string, lang: OxcLang, sourceType: SourceType, at: TextStart) {
  const result = oxcResult(oxc, text, lang, sourceType);
  if (result.errors.length) return undefined;
  // `fixes` (where a regex or bigint literal would get its JS value) are not needed: Babel's literals carry none.
  const program = oxc.raw ? (result.program as unknown as Record<string, unknown>) : (JSON.parse(result.program) as { node: Record<string, unknown> }).node;
  return estreeToBabel(program, result.comments, text, { at, sourceType, typescript: lang !== 'jsx', childKeys: oxc.visitorKeys });
}

/**
 * oxc's own result. Its semantic checks are on: without them it accepts what Babel refuses (`let x;
 * let x;`, `break;` outside a loop, an undeclared `#name`, a duplicate `__proto__`); they cost ~4%.
 */
export function oxcResult({ parseSync: parse }: OxcParser, text: string, lang: OxcLang, sourceType: SourceType): OxcResult {
  const filename = `file.${lang}`;
  // A script (a .cjs file) may `return` at the top level, as Babel allows it: oxc's 'commonjs'.
  const result = taken(parse(filename, text, { lang, sourceType: sourceType === 'script' ? 'commonjs' : sourceType, preserveParens: true, showSemanticErrors: true }));
  if (result.errors.length && sourceType === 'unambiguous' && text.includes('return')) {
    return taken(parse(filename, text, { lang, sourceType: 'commonjs', preserveParens: true, showSemanticErrors: true }));
  }
  return result;
}

type OxcResult = { program: string; comments: OxcComment[]; errors: { message: string }[] };

/** Each getter of the native result hands its value over once (and frees it natively): read each once. */
function taken(result: OxcResult): OxcResult {
  const { program, comments, errors } = result;
  return { program, comments, errors };
}
