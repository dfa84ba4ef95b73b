// A source file's facts read from its bytes when it names no client, has no call shape and no provider: its
// module specifiers only, found as SPECIFIER finds them in its text, and no string made of the file.
import { ByteAutomaton } from './byte-search';
import { NONE, SPECIFIER, intern, type FactPatterns, type FileFacts, type MayMatch } from './facts';
import { necessaryLiterals } from './regex-anchors';

const GROUPS = ['mentions', 'callShapes', 'provides', 'injects'] as const;
/** The group of the keywords a specifier follows (`from`, `import`, `require`). */
const KEYWORDS = GROUPS.length;

interface Prefilter {
  automaton: ByteAutomaton;
}

const PREFILTERS = new WeakMap<FactPatterns, Prefilter>();

/**
 * The automaton for `patterns`: the literals without which no client's name, call shape, provider or
 * injection can be written, each in its group, then the keywords of module specifiers.
 */
function prefilterFor(patterns: FactPatterns): Prefilter {
  let p = PREFILTERS.get(patterns);
  if (!p) {
    const regexes = { mentions: patterns.any, callShapes: patterns.callShapes, provides: patterns.provides, injects: patterns.injects };
    const literals: string[] = [];
    const groupOf: number[] = [];
    GROUPS.forEach((g, i) => {
      for (const l of necessaryLiterals(regexes[g])) {
        literals.push(l);
        groupOf.push(i);
      }
    });
    const listed = new Set<number>();
    for (const k of necessaryLiterals(SPECIFIER)) {
      listed.add(literals.length);
      literals.push(k);
      groupOf.push(KEYWORDS);
    }
    p = { automaton: new ByteAutomaton(literals, groupOf, listed) };
    PREFILTERS.set(patterns, p);
  }
  return p;
}

/**
 * A source file's facts from its bytes (valid UTF-8): its specifiers when no literal of a client's name,
 * call shape, provider or injection is in it; else which of those patterns its text may match (the caller
 * reads the text and matches only those).
 */
export function sourceFactsOfBytes(buf: Buffer, length: number, patterns: FactPatterns): { facts: FileFacts } | { may: MayMatch } {
  const { automaton } = prefilterFor(patterns);
  const seen = automaton.scan(buf, length);
  const specifiers = specifiersOf(buf, length, automaton);
  if (seen & ((1 << KEYWORDS) - 1)) return { may: { mentions: !!(seen & 1), callShapes: !!(seen & 2), provides: !!(seen & 4), injects: !!(seen & 8), specifiers } };
  return { facts: { kind: 'source', mentions: NONE, packages: NONE, callShapes: false, provides: false, specifiers } };
}

/** The module specifiers after the keywords the last pass found, each once, in order: what SPECIFIER finds in the text. */
function specifiersOf(buf: Buffer, length: number, automaton: ByteAutomaton): string[] {
  const specifiers: string[] = [];
  const { matches, count } = automaton;
  let lastEnd = 0;
  for (let m = 0; m < count * 2; m += 2) {
    const end = matches[m + 1];
    const start = end - automaton.lengths[matches[m]];
    if (start < lastEnd) continue;
    if (start > 0 && isWordByte(buf[start - 1])) continue;
    const close = specifierAfter(buf, end, length);
    if (close < 0) continue;
    const specifier = SPECIFIERS.intern(buf, found.start, close, found.hash);
    if (!specifiers.includes(specifier)) specifiers.push(specifier);
    lastEnd = close + 1;
  }
  return specifiers.length ? specifiers : NONE;
}

/** `\w` of a regex without the `u` flag: ASCII letters, digits and `_`. */
function isWordByte(b: number): boolean {
  return (b >= 0x61 && b <= 0x7a) || (b >= 0x41 && b <= 0x5a) || (b >= 0x30 && b <= 0x39) || b === 0x5f;
}

/** Where the last specifier found starts, and a digest of its bytes (set by specifierAfter). */
const found = { start: 0, hash: 0 };

/**
 * What SPECIFIER matches after its keyword, as bytes: `\s*\(?\s*(['"])([^'"\n]+)\1`: the offset of its closing
 * quote (its text starts at `found.start`), or -1.
 */
function specifierAfter(buf: Uint8Array, at: number, length: number): number {
  let i = skipSpaces(buf, at, length);
  if (i < length && buf[i] === 0x28) i = skipSpaces(buf, i + 1, length);
  if (i >= length) return -1;
  const quote = buf[i];
  if (quote !== 0x27 && quote !== 0x22) return -1;
  let j = i + 1;
  // FNV-1a over the bytes, for the interner.
  let hash = 0x811c9dc5;
  for (; j < length; j++) {
    const b = buf[j];
    if (b === 0x27 || b === 0x22 || b === 0x0a) break;
    hash = Math.imul(hash ^ b, 0x01000193);
  }
  if (j === i + 1 || j >= length || buf[j] !== quote) return -1;
  found.start = i + 1;
  found.hash = hash;
  return j;
}

/** One string per specifier, found by its bytes: a repeated specifier costs no new string. */
class ByteInterner {
  private readonly byHash = new Map<number, { bytes: Buffer; text: string } | { bytes: Buffer; text: string }[]>();

  intern(buf: Buffer, start: number, end: number, hash: number): string {
    const known = this.byHash.get(hash);
    const same = (e: { bytes: Buffer }) => e.bytes.length === end - start && buf.compare(e.bytes, 0, e.bytes.length, start, end) === 0;
    if (known && !Array.isArray(known) && same(known)) return known.text;
    if (Array.isArray(known)) for (const e of known) if (same(e)) return e.text;
    const entry = { bytes: Buffer.from(buf.subarray(start, end)), text: intern(buf.toString('utf8', start, end)) };
    if (!known) this.byHash.set(hash, entry);
    else if (Array.isArray(known)) known.push(entry);
    else this.byHash.set(hash, [known, entry]);
    return entry.text;
  }
}

const SPECIFIERS = new ByteInterner();

function skipSpaces(buf: Uint8Array, i: number, length: number): number {
  for (let n = spaceAt(buf, i, length); n > 0; n = spaceAt(buf, i, length)) i += n;
  return i;
}

/**
 * The length in bytes of the `\s` character at `i` (0 if there is none): ASCII tab to carriage return and
 * space, and in UTF-8 U+00A0, U+1680, U+2000-U+200A, U+2028, U+2029, U+202F, U+205F, U+3000, U+FEFF.
 */
export function spaceAt(buf: Uint8Array, i: number, length: number): number {
  if (i >= length) return 0;
  const b = buf[i];
  if (b === 0x20 || (b >= 0x09 && b <= 0x0d)) return 1;
  if (b < 0xc2) return 0;
  const b1 = i + 1 < length ? buf[i + 1] : 0;
  if (b === 0xc2) return b1 === 0xa0 ? 2 : 0;
  const b2 = i + 2 < length ? buf[i + 2] : 0;
  if (b === 0xe1) return b1 === 0x9a && b2 === 0x80 ? 3 : 0;
  if (b === 0xe2 && b1 === 0x80) return (b2 >= 0x80 && b2 <= 0x8a) || b2 === 0xa8 || b2 === 0xa9 || b2 === 0xaf ? 3 : 0;
  if (b === 0xe2) return b1 === 0x81 && b2 === 0x9f ? 3 : 0;
  if (b === 0xe3) return b1 === 0x80 && b2 === 0x80 ? 3 : 0;
  if (b === 0xef) return b1 === 0xbb && b2 === 0xbf ? 3 : 0;
  return 0;
}
