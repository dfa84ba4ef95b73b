// Many strings searched for at once in a file's bytes, in one pass (an Aho-Corasick automaton), without decoding them.

/**
 * The strings of `patterns` (as UTF-8 bytes) found by one pass over a buffer. Each pattern belongs to a
 * group (`groupOf`, 0-7): `scan` says which groups were seen, and reports every match of the `listed`
 * patterns, in order of where they end.
 */
export class ByteAutomaton {
  /**
   * The next state by state + byte; states are numbered by 256 (state i is i * 256), so the step is one
   * lookup. An entry is negative (-1 - next) when the next state ends a pattern: then `ends` says which.
   */
  private readonly next: Int32Array;
  /** Per state (by its number / 256): the groups whose patterns end there (bits), and 1 + the listed pattern that does (bits 8+). */
  private readonly ends: Int32Array;
  readonly lengths: number[];

  constructor(
    readonly patterns: readonly string[],
    groupOf: readonly number[],
    listed: ReadonlySet<number>,
  ) {
    const bytes = patterns.map((p) => Buffer.from(p, 'utf8'));
    this.lengths = bytes.map((b) => b.length);
    const children: Map<number, number>[] = [new Map()];
    const endingAt: number[][] = [[]];
    bytes.forEach((b, k) => {
      if (!b.length) throw new Error('an empty pattern matches everywhere');
      if (groupOf[k] < 0 || groupOf[k] > 7) throw new Error(`group ${groupOf[k]} out of range`);
      let s = 0;
      for (const c of b) {
        let t = children[s].get(c);
        if (t === undefined) {
          t = children.length;
          children[s].set(c, t);
          children.push(new Map());
          endingAt.push([]);
        }
        s = t;
      }
      endingAt[s].push(k);
    });
    const n = children.length;
    if (n * 256 > 0x7fffffff) throw new Error('too many pattern bytes for one automaton');
    const plain = new Int32Array(n * 256);
    const fail = new Int32Array(n);
    // Breadth first: a state's failure link (its longest proper suffix that is a prefix) is known before its children's.
    const queue: number[] = [];
    for (let c = 0; c < 256; c++) {
      const t = children[0].get(c) ?? 0;
      plain[c] = t;
      if (t) queue.push(t);
    }
    for (let q = 0; q < queue.length; q++) {
      const s = queue[q];
      endingAt[s].push(...endingAt[fail[s]]);
      for (let c = 0; c < 256; c++) {
        const t = children[s].get(c);
        if (t === undefined) plain[s * 256 + c] = plain[fail[s] * 256 + c];
        else {
          fail[t] = plain[fail[s] * 256 + c];
          plain[s * 256 + c] = t;
          queue.push(t);
        }
      }
    }
    this.ends = new Int32Array(n);
    for (let s = 0; s < n; s++) {
      const keyed = endingAt[s].filter((k) => listed.has(k));
      if (keyed.length > 1) throw new Error(`patterns ${keyed.map((k) => patterns[k]).join(', ')} end together: each match must be one pattern's`);
      let bits = 0;
      for (const k of endingAt[s]) bits |= 1 << groupOf[k];
      this.ends[s] = bits | (keyed.length ? (keyed[0] + 1) << 8 : 0);
    }
    this.next = new Int32Array(n * 256);
    for (let i = 0; i < plain.length; i++) this.next[i] = this.ends[plain[i]] !== 0 ? -1 - plain[i] * 256 : plain[i] * 256;
  }

  /** The matches of the last pass: pattern and end, in pairs (`count` of them), reused from pass to pass. */
  matches = new Int32Array(1024);
  count = 0;

  /** One pass over `buf[0, length)`: the groups seen (bits), with every match of a listed pattern in `matches`. */
  scan(buf: Uint8Array, length: number): number {
    const next = this.next;
    const ends = this.ends;
    let out = this.matches;
    let n = 0;
    let s = 0;
    let seen = 0;
    for (let i = 0; i < length; i++) {
      s = next[s + buf[i]];
      if (s < 0) {
        s = -1 - s;
        const e = ends[s >> 8];
        seen |= e & 0xff;
        if (e > 0xff) {
          if (n + 2 > out.length) {
            const grown = new Int32Array(out.length * 2);
            grown.set(out);
            this.matches = out = grown;
          }
          out[n++] = (e >> 8) - 1;
          out[n++] = i + 1;
        }
      }
    }
    this.count = n >> 1;
    return seen;
  }
}
