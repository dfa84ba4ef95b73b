// The literal strings a regular expression cannot match without: what a byte search looks for before a text is decoded.

/**
 * Strings, at least one of which every match of `re` contains (read from its source: literals, escapes,
 * groups, alternations, classes and quantifiers). Throws when it cannot name any of at least `min`
 * characters (a pattern a byte search could not rule out): the caller must then decode every text.
 */
export function necessaryLiterals(re: RegExp, min = 3): string[] {
  if (/[iuvy]/.test(re.flags)) throw new Error(`/${re.source}/${re.flags}: a byte search cannot anchor a regex with flags ${re.flags}`);
  const parser = new Parser(re.source);
  const set = parser.alternation();
  if (parser.at < re.source.length) throw new Error(`/${re.source}/: unexpected '${re.source[parser.at]}' at ${parser.at}`);
  if (!set || set.some((s) => s.length < min)) throw new Error(`/${re.source}/: no literal of ${min} or more characters that every match contains`);
  return [...new Set(set)];
}

/** A node's literals: one of them is in every match (undefined: none known, e.g. `a?`, `\s*`, `[ab]`). */
type Literals = string[] | undefined;

const shortest = (set: Literals) => (set ? Math.min(...set.map((s) => s.length)) : -1);

class Parser {
  at = 0;
  constructor(private readonly src: string) {}

  /** `a|b|c` up to the end or a closing parenthesis. */
  alternation(): Literals {
    const branches: Literals[] = [this.sequence()];
    while (this.src[this.at] === '|') {
      this.at++;
      branches.push(this.sequence());
    }
    if (branches.some((b) => !b)) return undefined;
    return branches.flat() as string[];
  }

  /** A concatenation: its runs of literal characters and its groups; the most selective one is kept. */
  private sequence(): Literals {
    let best: Literals;
    let run = '';
    const offer = (set: Literals) => {
      if (set && shortest(set) > shortest(best)) best = set;
    };
    const endRun = () => {
      if (run) offer([run]);
      run = '';
    };
    while (this.at < this.src.length && this.src[this.at] !== '|' && this.src[this.at] !== ')') {
      const atom = this.atom();
      const quantifier = this.quantifier();
      if (atom.char !== undefined && quantifier === 'one') {
        run += atom.char;
        continue;
      }
      endRun();
      // At least once: the atom's literals are in every match; maybe never: nothing is.
      if (quantifier !== 'optional') offer(atom.char !== undefined ? [atom.char] : atom.set);
    }
    endRun();
    return best;
  }

  /** One atom: a literal character, or a group's, class's or escape's literals (none for most). */
  private atom(): { char?: string; set?: Literals } {
    const c = this.src[this.at++];
    if (c === '(') {
      let lookaround = false;
      if (this.src[this.at] === '?') {
        const kind = this.src[this.at + 1];
        if (kind === ':') this.at += 2;
        else if (kind === '=' || kind === '!') {
          this.at += 2;
          lookaround = true;
        } else if (kind === '<' && (this.src[this.at + 2] === '=' || this.src[this.at + 2] === '!')) {
          this.at += 3;
          lookaround = true;
        } else if (kind === '<') this.at = this.src.indexOf('>', this.at) + 1;
        else throw new Error(`unsupported group (?${kind} at ${this.at}`);
      }
      const set = this.alternation();
      if (this.src[this.at++] !== ')') throw new Error(`unclosed group at ${this.at}`);
      return { set: lookaround ? undefined : set };
    }
    if (c === '[') {
      for (; this.at < this.src.length && this.src[this.at] !== ']'; this.at++) if (this.src[this.at] === '\\') this.at++;
      this.at++;
      return {};
    }
    if (c === '\\') {
      const e = this.src[this.at++];
      // Classes, assertions, back-references and character codes: taken as matching no fixed character.
      if (e === 'u') this.at += this.src[this.at] === '{' ? this.src.indexOf('}', this.at) - this.at + 1 : 4;
      else if (e === 'x') this.at += 2;
      else if (e === 'c') this.at += 1;
      else if (e === 'k') this.at = this.src.indexOf('>', this.at) + 1;
      else if (e === 'p' || e === 'P') this.at = this.src.indexOf('}', this.at) + 1;
      else if (/[1-9]/.test(e)) while (/[0-9]/.test(this.src[this.at] ?? '')) this.at++;
      else if (!/[bBsSwWdDfnrtv0]/.test(e)) return { char: e };
      return {};
    }
    if (c === '.' || c === '^' || c === '$') return {};
    return { char: c };
  }

  /** The quantifier after an atom: exactly once, at least once, or maybe never. */
  private quantifier(): 'one' | 'some' | 'optional' {
    const c = this.src[this.at];
    let kind: 'one' | 'some' | 'optional' = 'one';
    if (c === '?' || c === '*') kind = 'optional';
    else if (c === '+') kind = 'some';
    else if (c === '{' && /^\{\d+(,\d*)?\}/.test(this.src.slice(this.at))) {
      const m = /^\{(\d+)(,\d*)?\}/.exec(this.src.slice(this.at))!;
      kind = Number(m[1]) === 0 ? 'optional' : m[2] === undefined && m[1] === '1' ? 'one' : 'some';
      this.at += m[0].length - 1;
    } else return 'one';
    this.at++;
    // A lazy quantifier (`+?`, `*?`) matches what the greedy one does, in other lengths.
    if (this.src[this.at] === '?') this.at++;
    return kind;
  }
}
