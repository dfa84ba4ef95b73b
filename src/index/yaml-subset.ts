// A reader of the YAML that configuration files mostly are (nested maps of scalars, comments), without a YAML library:
// anything outside that subset (lists, anchors, tags, flow collections, multi-line and block scalars) is unknown, never a wrong value.

/** A value of the subset: a map, a scalar, or a part the reader does not read (with why). */
export type YamlNode =
  | { kind: 'map'; entries: Map<string, YamlNode>; line: number }
  | { kind: 'scalar'; value: string | number | boolean | null; line: number }
  | { kind: 'unknown'; why: string; line: number };

interface Line {
  indent: number;
  text: string;
  line: number;
}

/** Words YAML 1.1 or a schema variant reads as booleans or null: unknown unless written the one way every schema agrees on. */
const AMBIGUOUS_WORDS = /^(y|n|yes|no|on|off|true|false|null|~)$/i;

/** The document's top-level map, or unknown for a whole document the subset does not cover (several documents, tabs, directives). */
export function readYamlSubset(text: string): YamlNode {
  const lines: Line[] = [];
  let documents = 0;
  const raw = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  for (let i = 0; i < raw.length; i++) {
    const full = raw[i];
    if (/^\t| \t/.test(full.match(/^[ \t]*/)![0]) && full.trim()) return { kind: 'unknown', why: 'is indented with tabs', line: i + 1 };
    const trimmed = full.trim();
    if (!trimmed || trimmed.startsWith('#')) {
      lines.push({ indent: -1, text: '', line: i + 1 });
      continue;
    }
    if (/^---(\s|$)/.test(full)) {
      if (++documents > 1 || lines.some((l) => l.indent >= 0)) return { kind: 'unknown', why: 'holds several YAML documents', line: i + 1 };
      if (full.slice(3).trim() && !full.slice(3).trim().startsWith('#')) return { kind: 'unknown', why: 'starts its document with a value', line: i + 1 };
      continue;
    }
    if (/^\.\.\.(\s|$)/.test(full) || full.startsWith('%')) return { kind: 'unknown', why: 'uses document markers or directives', line: i + 1 };
    lines.push({ indent: full.length - full.trimStart().length, text: full.trimEnd(), line: i + 1 });
  }
  const body = lines.filter((l) => l.indent >= 0);
  if (!body.length) return { kind: 'map', entries: new Map(), line: 1 };
  if (body[0].indent !== 0) return { kind: 'unknown', why: 'starts indented', line: body[0].line };
  return readMap(lines, 0, lines.length, 0, 1);
}

/** The map whose keys are the lines [from, to) at exactly `indent`. */
function readMap(lines: Line[], from: number, to: number, indent: number, line: number): YamlNode {
  const entries = new Map<string, YamlNode>();
  let i = from;
  while (i < to) {
    const l = lines[i];
    if (l.indent < 0) {
      i++;
      continue;
    }
    if (l.indent !== indent) return { kind: 'unknown', why: `is indented unevenly at line ${l.line}`, line: l.line };
    // The entry's block: the following lines indented deeper (or a list's dashes at the same indentation).
    let end = i + 1;
    while (end < to && (lines[end].indent < 0 || lines[end].indent > indent || (lines[end].indent === indent && /^-(\s|$)/.test(lines[end].text.trimStart())))) end++;
    const entry = readEntry(l);
    if (!entry) return { kind: 'unknown', why: `has a line the reader does not read (line ${l.line})`, line: l.line };
    if (entry.key === '<<') return { kind: 'unknown', why: `merges another map in (line ${l.line})`, line: l.line };
    if (entries.has(entry.key)) return { kind: 'unknown', why: `repeats the key ${entry.key} (line ${l.line})`, line: l.line };
    const block = lines.slice(i + 1, end).filter((b) => b.indent >= 0);
    let value: YamlNode;
    if (entry.rest === '') {
      if (!block.length) value = { kind: 'scalar', value: null, line: l.line };
      else if (/^-(\s|$)/.test(block[0].text.trimStart())) value = { kind: 'unknown', why: `is a list (line ${l.line})`, line: l.line };
      else value = readMap(lines, i + 1, end, block[0].indent, l.line);
    } else if (block.length) value = { kind: 'unknown', why: `continues on the next lines (line ${l.line})`, line: l.line };
    else value = scalar(entry.rest, l.line);
    entries.set(entry.key, value);
    i = end;
  }
  return { kind: 'map', entries, line };
}

/** `key: rest` (the key plain or quoted, rest without its comment), or undefined for a line that is no such entry. */
function readEntry(l: Line): { key: string; rest: string } | undefined {
  const text = l.text.trimStart();
  let key: string;
  let after: string;
  const quoted = /^(['"])((?:(?!\1)[^\\])*)\1\s*:(\s|$)/.exec(text);
  if (quoted) {
    key = quoted[2];
    after = text.slice(quoted[0].length);
  } else {
    const plain = /^([A-Za-z0-9_$][A-Za-z0-9_$.\-/ ]*?)\s*:(\s|$)/.exec(text);
    if (!plain) return undefined;
    key = plain[1];
    after = text.slice(plain[0].length);
  }
  return { key, rest: withoutComment(after.trim()) };
}

/** A value's text without its trailing comment (` #` outside quotes). */
function withoutComment(text: string): string {
  if (text.startsWith('#')) return '';
  if (text.startsWith('"') || text.startsWith("'")) {
    const close = closingQuote(text);
    if (close < 0) return text;
    const tail = text.slice(close + 1).trim();
    return tail === '' || tail.startsWith('#') ? text.slice(0, close + 1) : text;
  }
  const hash = text.search(/\s#/);
  return (hash < 0 ? text : text.slice(0, hash)).trim();
}

function closingQuote(text: string): number {
  const q = text[0];
  for (let i = 1; i < text.length; i++) {
    if (q === "'" && text[i] === "'" && text[i + 1] === "'") {
      i++;
      continue;
    }
    if (q === '"' && text[i] === '\\') return -1;
    if (text[i] === q) return i;
  }
  return -1;
}

/** A one-line scalar: a quoted string, a decimal number, true, false, null, or a plain word; unknown for anything a schema may read otherwise. */
function scalar(text: string, line: number): YamlNode {
  const unknown = (why: string): YamlNode => ({ kind: 'unknown', why: `${why} (line ${line})`, line });
  if (text.startsWith('"') || text.startsWith("'")) {
    const close = closingQuote(text);
    if (close !== text.length - 1) return unknown('is a string the reader does not read');
    const inner = text.slice(1, -1);
    return { kind: 'scalar', value: text[0] === "'" ? inner.replace(/''/g, "'") : inner, line };
  }
  if (/^[-+]?(0|[1-9][0-9]*)$/.test(text)) return { kind: 'scalar', value: Number(text), line };
  if (/^[-+]?(0|[1-9][0-9]*)\.[0-9]+$/.test(text)) return { kind: 'scalar', value: Number(text), line };
  if (text === 'true' || text === 'false') return { kind: 'scalar', value: text === 'true', line };
  if (text === 'null' || text === '~') return { kind: 'scalar', value: null, line };
  if (AMBIGUOUS_WORDS.test(text)) return unknown(`is ${text}, which YAML schemas read differently`);
  // A plain string: letters first, and none of the characters that start or end something else in YAML.
  if (/^[A-Za-z_/][A-Za-z0-9_.\-/ @]*$/.test(text) && !/[:]/.test(text)) return { kind: 'scalar', value: text, line };
  return unknown(`is \`${text.length > 40 ? `${text.slice(0, 39)}…` : text}\`, which the reader does not read`);
}
