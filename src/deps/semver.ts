/**
 * The part of npm's semver that matters for "can this range install version X or later":
 * versions, comparators, ^ ~ x-ranges, hyphen ranges and `||`. Pre-release tags are read as their
 * release (1.2.3-beta counts as 1.2.3), which only matters for ranges that name pre-releases.
 */

export type Version = readonly [number, number, number];

interface Bound {
  version: Version;
  inclusive: boolean;
}

/** The versions one comparator set admits: an interval (`undefined` ends are open-ended). */
interface Interval {
  low?: Bound;
  high?: Bound;
}

const PARTIAL = /^v?(\d+|[xX*])(?:\.(\d+|[xX*]))?(?:\.(\d+|[xX*]))?(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;

export function parseVersion(text: string): Version | undefined {
  const m = /^v?(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/.exec(text.trim());
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

export function compareVersions(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

export const formatVersion = (v: Version): string => v.join('.');

/** A partial version: the numbers given, up to the first wildcard. */
function partial(text: string): number[] | undefined {
  const m = PARTIAL.exec(text);
  if (!m) return undefined;
  const out: number[] = [];
  for (const part of [m[1], m[2], m[3]]) {
    if (part === undefined || /[xX*]/.test(part)) break;
    out.push(Number(part));
  }
  return out;
}

const pad = (p: number[]): Version => [p[0] ?? 0, p[1] ?? 0, p[2] ?? 0];

/** The first version after everything the partial version names (1.2 → 1.3.0, 1 → 2.0.0). */
function after(p: number[]): Version {
  if (p.length === 1) return [p[0] + 1, 0, 0];
  if (p.length === 2) return [p[0], p[1] + 1, 0];
  return [p[0], p[1], p[2] + 1];
}

const atLeastBound = (version: Version): Interval => ({ low: { version, inclusive: true } });
const below = (version: Version): Interval => ({ high: { version, inclusive: false } });

/** One comparator (`^0.10.3`, `>=1.2`, `1.x`, ...) as an interval, or undefined if it is not semver. */
function comparator(text: string): Interval | undefined {
  const m = /^(\^|~>?|>=|<=|>|<|=)?\s*(.*)$/.exec(text)!;
  const op = m[1] ?? '';
  const p = partial(m[2]);
  if (!p) return undefined;
  if (p.length === 0) return op === '<' || op === '>' ? { high: { version: [0, 0, 0], inclusive: false } } : {};
  const low = pad(p);
  switch (op) {
    case '^': {
      // The first non-zero part may not change (^0.10.3 → <0.11.0; ^0.0.3 → <0.0.4; ^0.x → <1.0.0).
      const fixed = p.findIndex((n) => n !== 0);
      const upto = fixed === -1 ? p.length - 1 : fixed;
      return { ...atLeastBound(low), ...below(after(p.slice(0, upto + 1))) };
    }
    case '~':
    case '~>':
      return { ...atLeastBound(low), ...below(after(p.slice(0, Math.min(p.length, 2)))) };
    case '>=':
      return atLeastBound(low);
    case '>':
      return p.length === 3 ? { low: { version: low, inclusive: false } } : atLeastBound(after(p));
    case '<':
      return below(low);
    case '<=':
      return p.length === 3 ? { high: { version: low, inclusive: true } } : below(after(p));
    default:
      return p.length === 3 ? { low: { version: low, inclusive: true }, high: { version: low, inclusive: true } } : { ...atLeastBound(low), ...below(after(p)) };
  }
}

function intersect(a: Interval, b: Interval): Interval {
  const low = !a.low ? b.low : !b.low ? a.low : compareVersions(a.low.version, b.low.version) > 0 || (compareVersions(a.low.version, b.low.version) === 0 && !a.low.inclusive) ? a.low : b.low;
  const high = !a.high ? b.high : !b.high ? a.high : compareVersions(a.high.version, b.high.version) < 0 || (compareVersions(a.high.version, b.high.version) === 0 && !a.high.inclusive) ? a.high : b.high;
  return { low, high };
}

/** A range as a union of intervals; undefined when it is not a semver range (a tag, a URL, `file:`, `workspace:`, ...). */
export function parseRange(range: string): Interval[] | undefined {
  const text = range.trim();
  if (text === '' || text === 'latest') return text === '' ? [{}] : undefined;
  const out: Interval[] = [];
  for (const alternative of text.split('||')) {
    const part = alternative.trim();
    const hyphen = /^(\S+)\s+-\s+(\S+)$/.exec(part);
    if (hyphen) {
      const from = partial(hyphen[1]);
      const to = partial(hyphen[2]);
      if (!from || !to) return undefined;
      out.push({ ...(from.length ? atLeastBound(pad(from)) : {}), ...(to.length === 3 ? { high: { version: pad(to), inclusive: true } } : to.length ? below(after(to)) : {}) });
      continue;
    }
    // `>= 1.2.3` may be written with a space after the operator.
    const tokens = part.replace(/(\^|~>?|>=|<=|>|<|=)\s+/g, '$1').split(/\s+/).filter(Boolean);
    let interval: Interval = {};
    for (const token of tokens.length ? tokens : ['*']) {
      const c = comparator(token);
      if (!c) return undefined;
      interval = intersect(interval, c);
    }
    out.push(interval);
  }
  return out;
}

function admits(interval: Interval, v: Version): boolean {
  if (interval.low) {
    const c = compareVersions(v, interval.low.version);
    if (c < 0 || (c === 0 && !interval.low.inclusive)) return false;
  }
  if (interval.high) {
    const c = compareVersions(v, interval.high.version);
    if (c > 0 || (c === 0 && !interval.high.inclusive)) return false;
  }
  return true;
}

/** Whether the range admits `minimum` or any later version (a fresh install can pick a fixed version). */
export function admitsAtLeast(range: string, minimum: Version): boolean | undefined {
  const intervals = parseRange(range);
  if (!intervals) return undefined;
  return intervals.some((i) => {
    if (!i.high) return true;
    const c = compareVersions(i.high.version, minimum);
    // The interval reaches `minimum` if its top is above it and it is not empty.
    const reaches = c > 0 || (c === 0 && i.high.inclusive);
    return reaches && (!i.low || compareVersions(i.low.version, i.high.version) < 0 || (compareVersions(i.low.version, i.high.version) === 0 && i.low.inclusive && i.high.inclusive));
  });
}

/** Whether an exact version satisfies the range. */
export function satisfies(version: Version, range: string): boolean | undefined {
  return parseRange(range)?.some((i) => admits(i, version));
}

/**
 * The same range raised to `minimum`, keeping its operator: `^0.8.0` → `^0.10.7`, `~0.8.1` → `~0.10.7`,
 * `0.8.0` → `0.10.7`, `>=0.5.0` → `>=0.10.7`. Undefined for ranges with more than one comparator,
 * an upper bound or a wildcard: what to write there is the user's choice.
 */
export function raiseRange(range: string, minimum: Version): string | undefined {
  const m = /^(\s*)(\^|~|>=|=)?(\s*)(v?)(\d+\.\d+\.\d+)(\s*)$/.exec(range);
  if (!m) return undefined;
  return `${m[1]}${m[2] ?? ''}${m[3]}${m[4]}${formatVersion(minimum)}${m[6]}`;
}

/**
 * Whether the range's floor lies below `limit`: some alternative starts from an explicit version below it
 * (`^0.10.3`, `>=0.5.0` below 0.10.6); a range with no lower bound (`*`, `<1.0.0`) has no floor.
 */
export function floorBelow(range: string, limit: Version): boolean | undefined {
  const intervals = parseRange(range);
  if (!intervals) return undefined;
  return intervals.some((i) => {
    if (!i.low || compareVersions(i.low.version, limit) >= 0) return false;
    // Not empty: something between its floor and its top.
    if (!i.high) return true;
    const c = compareVersions(i.low.version, i.high.version);
    return c < 0 || (c === 0 && i.low.inclusive && i.high.inclusive);
  });
}
