/** A small, strict argument parser: unknown flags and missing values are usage errors. */

export class UsageError extends Error {}

export interface FlagSpec {
  /** Takes a value (`--format json` or `--format=json`). */
  value?: boolean;
  /** May be given more than once (values are collected). */
  repeat?: boolean;
  /** Allowed values. */
  choices?: readonly string[];
}

export interface Parsed {
  positionals: string[];
  flags: Map<string, string[]>;
}

export function parseArgs(argv: string[], specs: Record<string, FlagSpec>, command: string): Parsed {
  const out: Parsed = { positionals: [], flags: new Map() };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      out.positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      out.positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = (eq > 0 ? arg.slice(0, eq) : arg).replace(/^--?/, '');
    const spec = specs[name];
    if (!spec) throw new UsageError(`unknown option ${arg.slice(0, eq > 0 ? eq : undefined)} for '${command}' (see rabbitmq4-codemod --help)`);
    let value = 'true';
    if (spec.value) {
      if (eq > 0) value = arg.slice(eq + 1);
      else if (i + 1 < argv.length && !argv[i + 1].startsWith('--')) value = argv[++i];
      else throw new UsageError(`option --${name} needs a value`);
      if (spec.choices && !spec.choices.includes(value)) {
        throw new UsageError(`option --${name} must be one of ${spec.choices.join(', ')} (got '${value}')`);
      }
    } else if (eq > 0) {
      throw new UsageError(`option --${name} takes no value`);
    }
    const list = out.flags.get(name) ?? [];
    if (list.length && !spec.repeat && spec.value) throw new UsageError(`option --${name} given more than once`);
    list.push(value);
    out.flags.set(name, list);
  }
  return out;
}

export function flag(p: Parsed, name: string): string | undefined {
  return p.flags.get(name)?.[0];
}

export function has(p: Parsed, name: string): boolean {
  return p.flags.has(name);
}

/** Comma-separated or repeated values. */
export function list(p: Parsed, name: string): string[] {
  return (p.flags.get(name) ?? []).flatMap((v) => v.split(',')).map((s) => s.trim()).filter(Boolean);
}
