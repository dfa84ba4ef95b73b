// Whether a project file's text names an identifier, for the loops that ask it of every candidate file for every
// method: a text asked often is indexed once (its words in a set), so each question is a lookup, not a text search.

interface Entry {
  text: string;
  asked: number;
  words?: Set<string>;
}

/** After this many questions about one text its words are indexed (a file asked once or twice is searched instead). */
const INDEX_AFTER = 3;
const WORD = /[A-Za-z_$][\w$]*/g;
const byHost = new WeakMap<object, Map<string, Entry>>();

/**
 * The text of `absolute` (as `host.read` gives it) and whether it holds `name` as a whole word; undefined text when
 * the file cannot be read. An edited text (another string) starts again.
 */
export function mentionsWord(host: { read(path: string): string | undefined }, absolute: string, name: string): { text?: string; found: boolean } {
  const text = host.read(absolute);
  if (!text) return { found: false };
  let files = byHost.get(host);
  if (!files) byHost.set(host, (files = new Map()));
  let entry = files.get(absolute);
  if (!entry || entry.text !== text) files.set(absolute, (entry = { text, asked: 0 }));
  if (!entry.words && ++entry.asked > INDEX_AFTER) entry.words = new Set(text.match(WORD));
  return { text, found: entry.words ? entry.words.has(name) : hasWord(text, name) };
}

/** `name` in `text` with no identifier character either side. */
function hasWord(text: string, name: string): boolean {
  for (let i = text.indexOf(name); i >= 0; i = text.indexOf(name, i + 1)) {
    if (!isWordChar(text.charCodeAt(i - 1)) && !isWordChar(text.charCodeAt(i + name.length))) return true;
  }
  return false;
}

function isWordChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;
}
