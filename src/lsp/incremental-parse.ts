// A parse cache for documents being edited: only the changed top-level statements are parsed again.
import type * as t from '@babel/types';
import { TextParseCache } from '../engine/parse-cache';
import { oxcRefuses, parseSource, type ParseError, type ParseResult } from '../parse';
import { blank, brokenAt, errorOffset, lineAndColumnOf, MAX_BROKEN_REGIONS, recoverWithoutTree, type BrokenRegion } from '../parse/recover';
import { statementRegionsAround } from '../parse/statement-regions';

/**
 * A parse cache for documents being edited: a new text re-parses only the top-level statements the
 * edit touched and reuses the rest of the previous tree (moved by the edit's length), so a keystroke
 * in a large file does not parse the whole file again. Whenever reuse cannot be shown to give the
 * tree a full parse gives (see `reparse`), the text is parsed from scratch.
 *
 * A text that does not parse (a half-typed line) gets a tree without the statements the edit broke
 * (blanked, see parse/recover.ts): the innermost statements around the edit whose removal lets the
 * rest parse, found in the previous tree; without one, chunks of the text. The result says which
 * regions were left out, and why. A left-out region the next edits do not touch stays left out.
 */
export class IncrementalParseCache extends TextParseCache {
  protected override parseChanged(absolute: string, text: string, previous: { text: string; result: ParseResult } | undefined, parse: () => ParseResult): ParseResult {
    const before = previous?.result.ok ? previous.result : undefined;
    if (!previous || !before) {
      const full = parse();
      return full.ok ? full : recoverFromText(text, absolute, full, []);
    }
    const oldSource = previous.text;
    const oldText = before.recovered?.text ?? oldSource;
    const { prefix, suffix } = commonEnds(oldSource, text);
    const delta = text.length - oldSource.length;
    const oldChangeEnd = oldSource.length - suffix;
    // Regions the edit does not touch stay left out (their text is the same); the others are parsed again.
    const kept: BrokenRegion[] = [];
    let { start: changeStart, end: changeEnd } = lineAlignedChange(oldSource, text, prefix, suffix);
    for (const r of before.recovered?.regions ?? []) {
      if (r.end < prefix) kept.push(r);
      else if (r.start > oldChangeEnd) kept.push({ start: r.start + delta, end: r.end + delta, error: { ...r.error, offset: r.error.offset + delta } });
      else {
        changeStart = Math.min(changeStart, r.start);
        changeEnd = Math.max(changeEnd, r.end);
      }
    }
    const analysed = blank(text, kept);
    // The previous tree's nodes now belong to the new one (moved in place): the entry is replaced by the caller.
    const reparsed = reparseEdit(oldText, before.ast, analysed, absolute);
    if (reparsed && 'ast' in reparsed) return withRegions(reparsed.ast, analysed, kept);
    // A slice that does not parse before its end: the whole text does not either, if oxc agrees (its
    // verdict comes first in a full parse, and it reads a few texts Babel refuses), and no tree is built.
    const full: ParseResult = reparsed?.conclusive && oxcRefuses(analysed, absolute) ? { ok: false, error: reparsed.error } : kept.length ? parseSource(analysed, absolute) : parse();
    if (full.ok) return withRegions(full.ast, analysed, kept);
    if (kept.length >= MAX_BROKEN_REGIONS) return full;
    const errorAt = errorOffset(analysed, full.error);
    for (const r of statementRegionsAround(before.ast, changeStart, changeEnd)) {
      const region = { start: r.start, end: r.end + delta };
      const candidate = blank(analysed, [region]);
      const recovered = reparse(oldText, before.ast, candidate, absolute);
      if (!recovered) continue;
      const error = { message: full.error.message, offset: brokenAt(analysed, region, errorAt, (t) => parseSource(t, absolute)) };
      return withRegions(recovered, candidate, [...kept, { ...region, error }]);
    }
    return recoverFromText(analysed, absolute, full, kept);
  }

  /** The regions the tree of this text leaves out (none when it parses, or when it is not the cached text). */
  brokenRegions(absolute: string, text: string): readonly BrokenRegion[] {
    const result = this.cached(absolute, text);
    return result?.ok ? (result.recovered?.regions ?? []) : [];
  }
}

/** Recovery without a previous tree (the text alone): `failed` is its full parse; `kept` are left out already. */
function recoverFromText(text: string, absolute: string, failed: ParseResult & { ok: false }, kept: BrokenRegion[]): ParseResult {
  const recovered = recoverWithoutTree(text, failed.error, (t) => parseSource(t, absolute));
  if ('ast' in recovered && kept.length + recovered.regions.length <= MAX_BROKEN_REGIONS) return withRegions(recovered.ast, blank(text, recovered.regions), [...kept, ...recovered.regions]);
  // Not analysed: the error is reported where the code is broken (not at the token a parser stopped on).
  const { message, offset } = 'ast' in recovered ? recovered.regions[0].error : recovered.error;
  return { ok: false, error: { message, ...lineAndColumnOf(text, offset) } };
}

function withRegions(ast: t.File, text: string, regions: BrokenRegion[]): ParseResult {
  return regions.length ? { ok: true, ast, recovered: { text, regions: [...regions].sort((a, b) => a.start - b.start) } } : { ok: true, ast };
}

type Position = { line: number; column: number; index: number };
type Located = { start?: number | null; end?: number | null; loc?: { start: Position; end: Position } | null };

/** A top-level statement of `body` that starts a statement boundary the edit cannot move. */
const sameStatement = (a: t.Statement | undefined, b: t.Statement | undefined, delta: number) => !!a && !!b && a.type === b.type && a.start! + delta === b.start && a.end! + delta === b.end;

/**
 * The tree of `text`, built from the tree of `oldText`: the statements the edit touched are parsed
 * again, with one unchanged statement on each side. Those two must come out exactly as before (same
 * type and extent): then the parser was at a statement boundary before and after the edit, and
 * everything outside parses as it did. Undefined when that cannot be shown, when the edit changes
 * whether the file is a module, or when the slice does not parse (the full parse reports the error).
 * Not seen: errors Babel finds across statements (a name declared twice with `let`), which make a
 * full parse fail; such a file is analysed as if it parsed until an edit needs a full parse.
 */
export function reparse(oldText: string, old: t.File, text: string, absolute: string): t.File | undefined {
  const reparsed = reparseEdit(oldText, old, text, absolute);
  return reparsed && 'ast' in reparsed ? reparsed.ast : undefined;
}

/**
 * `reparse`, saying why it gives no tree when the slice does not parse: its error is `conclusive`
 * when it lies before the slice's end (the text before and the tokens up to it are the same in the
 * whole text, so Babel's full parse fails there too) and the slice was read as the whole text is;
 * at the end (an unclosed comment or template), the rest of the text might close it.
 */
export function reparseEdit(oldText: string, old: t.File, text: string, absolute: string): { ast: t.File } | { error: ParseError; conclusive: boolean } | undefined {
  const body = old.program.body;
  if (!body.length) return undefined;
  const { prefix, suffix } = commonEnds(oldText, text);
  const delta = text.length - oldText.length;
  const oldChangeEnd = oldText.length - suffix;

  // Statements touching the change (an edit right at a statement's edge may extend it) are parsed again.
  let first = body.findIndex((s) => s.end! >= prefix);
  if (first === -1) first = body.length;
  let last = -1;
  for (let i = body.length - 1; i >= 0; i--) {
    if (body[i].start! <= oldChangeEnd) {
      last = i;
      break;
    }
  }
  const before = first - 1 >= 0 ? first - 1 : undefined;
  const after = Math.max(last, first - 1) + 1 < body.length ? Math.max(last, first - 1) + 1 : undefined;
  const sliceStart = before === undefined ? 0 : body[before].start!;
  const oldSliceEnd = after === undefined ? oldText.length : body[after].end!;
  const sliceEnd = oldSliceEnd + delta;

  const isModule = old.program.sourceType === 'module';
  // The slice alone, with the offsets, lines and columns it has in the whole text.
  const parsed = parseSource(text.slice(sliceStart, sliceEnd), absolute, { index: sliceStart, ...lineAndColumn(text, sliceStart), module: isModule });
  if (!parsed.ok) {
    // The slice was parsed as a module because the file was one: a full parse reads it so only if an import or export outside the slice says so.
    const moduleOutside = [...body.slice(0, before ?? 0), ...(after === undefined ? [] : body.slice(after + 1))].some(isModuleDeclaration);
    return { error: parsed.error, conclusive: errorOffset(text, parsed.error) < sliceEnd && (!isModule || moduleOutside) };
  }
  if (parsed.ast.program.sourceType !== old.program.sourceType) return undefined;
  if (sliceStart > 0 && parsed.ast.program.directives.length) return undefined;
  const fresh = parsed.ast.program.body.filter((s) => s.start! >= sliceStart);
  if (before !== undefined && !sameStatement(body[before], fresh[0], 0)) return undefined;
  if (after !== undefined && !sameStatement(body[after], fresh[fresh.length - 1], delta)) return undefined;

  const kept = after === undefined ? [] : body.slice(after + 1);
  const newBody = [...body.slice(0, before ?? 0), ...fresh, ...kept];
  // Whether the file is a module decides how all of it parses: an edit that adds or removes the last import or export is parsed in full.
  if (isModule !== newBody.some(isModuleDeclaration)) return undefined;

  const shift = shifter(oldText, oldSliceEnd, text, sliceEnd);
  for (const s of kept) shiftTree(s, shift);
  const comments = old.comments ?? [];
  const keptComments = comments.filter((c) => c.start! >= oldSliceEnd);
  for (const c of keptComments) shiftLocated(c, shift);
  const program = { ...old.program, body: newBody, end: text.length, ...(sliceStart === 0 ? { directives: parsed.ast.program.directives, interpreter: parsed.ast.program.interpreter } : {}) };
  shiftEnd(program, text);
  const file = {
    ...old,
    program,
    comments: [...comments.filter((c) => c.end! <= sliceStart), ...(parsed.ast.comments ?? []).filter((c) => c.start! >= sliceStart), ...keptComments],
    end: text.length,
  };
  shiftEnd(file, text);
  return { ast: file as t.File };
}

/**
 * The edited range of the old text (end exclusive), for choosing what to leave out: a line inserted
 * or deleted whole can also be read as starting inside the next one (a pasted `  await ch.x(` before
 * `  await ch.y()` shares `  await ch.` with it), which would leave that next statement out too; such
 * an insertion or deletion is moved back to the start of its line when it reads the same from there.
 */
function lineAlignedChange(oldText: string, text: string, prefix: number, suffix: number): { start: number; end: number } {
  const oldEnd = oldText.length - suffix;
  const newEnd = text.length - suffix;
  const moved = oldEnd === prefix ? text.slice(prefix, newEnd) : newEnd === prefix ? oldText.slice(prefix, oldEnd) : '';
  for (let k = 1; k <= moved.length && k <= prefix; k++) {
    if (oldText[prefix - k] !== moved[moved.length - k]) break;
    const before = oldText[prefix - k - 1];
    if (before === undefined || before === '\n' || before === '\r') return { start: prefix - k, end: oldEnd - k };
  }
  return { start: prefix, end: oldEnd };
}

/** The lengths of the common prefix and suffix (not overlapping), compared a chunk at a time first. */
function commonEnds(a: string, b: string): { prefix: number; suffix: number } {
  const shortest = Math.min(a.length, b.length);
  const CHUNK = 256;
  let prefix = 0;
  while (prefix + CHUNK <= shortest && a.slice(prefix, prefix + CHUNK) === b.slice(prefix, prefix + CHUNK)) prefix += CHUNK;
  while (prefix < shortest && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  const room = shortest - prefix;
  while (suffix + CHUNK <= room && a.slice(a.length - suffix - CHUNK, a.length - suffix) === b.slice(b.length - suffix - CHUNK, b.length - suffix)) suffix += CHUNK;
  while (suffix < room && a.charCodeAt(a.length - 1 - suffix) === b.charCodeAt(b.length - 1 - suffix)) suffix++;
  return { prefix, suffix };
}

const isModuleDeclaration = (s: t.Statement) => s.type === 'ImportDeclaration' || s.type.startsWith('Export') || s.type === 'TSExportAssignment' || s.type === 'TSImportEqualsDeclaration';

const OTHER_LINE_BREAKS = /[\r\u2028\u2029]/;

/** Moves positions of the old text after the edit to the new text. */
interface Shift {
  delta: number;
  move(p: Position): void;
}

function shifter(oldText: string, oldFrom: number, text: string, from: number): Shift {
  const delta = from - oldFrom;
  const oldAt = lineAndColumn(oldText, oldFrom);
  const newAt = lineAndColumn(text, from);
  // Babel may share position objects between nodes (a call and its callee start at one): move each once.
  const moved = new Set<Position>();
  return {
    delta,
    move: (p) => {
      if (moved.has(p)) return;
      moved.add(p);
      // Only positions on the line the unchanged text starts on move sideways.
      if (p.line === oldAt.line) p.column += newAt.column - oldAt.column;
      p.line += newAt.line - oldAt.line;
      p.index += delta;
    },
  };
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  if (!OTHER_LINE_BREAKS.test(text.slice(0, offset))) {
    let line = 1;
    let lineStart = 0;
    for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
      line++;
      lineStart = i + 1;
    }
    return { line, column: offset - lineStart };
  }
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset; i++) {
    const c = text.charCodeAt(i);
    // \r\n is one line break; \r, \n, U+2028 and U+2029 each are one, as for Babel.
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10) || c === 0x2028 || c === 0x2029) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart };
}

/** A comment: offsets and its line and column (suppressions read the line a comment ends on). */
function shiftLocated(node: Located, shift: Shift): void {
  node.start = node.start! + shift.delta;
  node.end = node.end! + shift.delta;
  if (node.loc) {
    shift.move(node.loc.start);
    shift.move(node.loc.end);
  }
}

/**
 * Moves a subtree's offsets (type annotations and Babel's `extra` positions included). A node's
 * line and column (`loc`) are dropped instead of moved: the engine computes lines from offsets, and
 * moving the shared position objects of every node after the edit would cost what it saves.
 */
function shiftTree(root: t.Node, shift: Shift): void {
  const delta = shift.delta;
  for (const node of everyNodeOf(root)) {
    node.start = node.start! + delta;
    node.end = node.end! + delta;
    if (node.loc !== undefined) node.loc = undefined;
    const extra = node.extra as Record<string, unknown> | undefined;
    if (extra) {
      if (typeof extra.parenStart === 'number') extra.parenStart += delta;
      if (typeof extra.trailingComma === 'number') extra.trailingComma += delta;
      if (extra.trailingCommaLoc) shift.move(extra.trailingCommaLoc as Position);
    }
  }
}

/**
 * Every node of a kept top-level statement, type annotations included, found once: the statement is
 * moved again by every edit above it, and its shape never changes (only its offsets do).
 */
const EVERY_NODE = new WeakMap<t.Node, (Record<string, unknown> & Located)[]>();

function everyNodeOf(root: t.Node): (Record<string, unknown> & Located)[] {
  let out = EVERY_NODE.get(root);
  if (out) return out;
  out = [];
  const stack: unknown[] = [root];
  while (stack.length) {
    const node = stack.pop() as Record<string, unknown> & Located;
    out.push(node);
    const keys = Object.keys(node);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i];
      if (key === 'loc' || key === 'extra') continue;
      const value = node[key];
      if (typeof value !== 'object' || value === null) continue;
      if (Array.isArray(value)) {
        for (let j = 0; j < value.length; j++) if (isNodeLike(value[j])) stack.push(value[j]);
      } else if (isNodeLike(value)) stack.push(value);
    }
  }
  EVERY_NODE.set(root, out);
  return out;
}

const isNodeLike = (v: unknown): boolean => typeof v === 'object' && v !== null && typeof (v as { type?: unknown }).type === 'string';

/** The end of the program and file nodes: the end of the new text. */
function shiftEnd(node: Located, text: string): void {
  node.end = text.length;
  if (node.loc) {
    const at = lineAndColumn(text, text.length);
    node.loc = { ...node.loc, end: { line: at.line, column: at.column, index: text.length } };
  }
}
