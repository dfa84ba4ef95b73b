/** A line of a text file with its offsets and indentation, for the line-oriented lock file readers. */
export interface Line {
  /** Offset of the line's first character. */
  start: number;
  /** The line without its line break. */
  text: string;
  /** Number of leading spaces. */
  indent: number;
  /** The text after the indentation. */
  content: string;
}

export function linesOf(text: string): Line[] {
  const out: Line[] = [];
  const re = /[^\r\n]*(\r\n|\r|\n|$)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) && m.index < text.length) {
    const body = m[0].slice(0, m[0].length - m[1].length);
    const indent = body.length - body.trimStart().length;
    out.push({ start: m.index, text: body, indent, content: body.slice(indent) });
    if (!m[1]) break;
  }
  return out;
}

/** Whether a line holds nothing to read (blank, or a `#` comment). */
export const isBlank = (line: Line): boolean => line.content === '' || line.content.startsWith('#');

/** Strips one pair of surrounding quotes. */
export const unquote = (text: string): string => (/^(["']).*\1$/.test(text) ? text.slice(1, -1) : text);

/** Splits `name@range` (the name may be scoped: `@scope/name@range`). */
export function splitDescriptor(descriptor: string): { name: string; range: string } | undefined {
  const at = descriptor.indexOf('@', 1);
  if (at <= 0) return undefined;
  return { name: descriptor.slice(0, at), range: descriptor.slice(at + 1) };
}

/** `npm:^0.8.0` (Yarn 2+ and pnpm protocol prefix) → `^0.8.0`. */
export const withoutNpmProtocol = (range: string): string => range.replace(/^npm:/, '');
