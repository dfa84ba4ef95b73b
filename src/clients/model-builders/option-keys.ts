// The one check behind ignored-option-key: an options object's key its library never reads, one edit away from one it
// does, or a key the code reads from options that hold a near one instead. Each client declares its keys as data.
import type { FileModel, IgnoredOption } from '../../model';
import type { Node } from '../../parse/ast';
import type { ObjectValue, Primitive, Value } from '../../resolve/values';
import type { FileContext } from '../../resolve/file-context';

/** The keys one call of a library reads from its options, as data. */
export interface OptionKeys {
  /** Each key the library reads, with what it then does when the key is left out (a clause). */
  reads: Readonly<Record<string, string>>;
  /** Keys code writes for one the library reads (another library's name, an x-argument outside `arguments`), not one edit away: what it reads instead, and what it then does. */
  confusions?: Readonly<Record<string, { intended: string; uses: string }>>;
  /** The value the library uses for a key left out, where it is one plain value (a caller's equal value loses nothing). */
  defaults?: Readonly<Record<string, Primitive>>;
}

/** Where the options go: the client, the call as a finding names it, and an id prefix. */
export interface OptionsSite {
  client: string;
  callee: string;
  id: string;
}

/** The keys of `options` written in this file that its library ignores, each one edit away from a key it reads (or a known confusion). */
export function ignoredOptionKeys(ctx: FileContext, options: ObjectValue | undefined, keys: OptionKeys, site: OptionsSite): IgnoredOption[] {
  if (!options) return [];
  const out: IgnoredOption[] = [];
  const readKeys = Object.keys(keys.reads);
  for (const [key, prop] of options.props) {
    if (prop.file !== ctx.file || prop.node.type !== 'ObjectProperty' || Object.hasOwn(keys.reads, key)) continue;
    const confusion = keys.confusions && Object.hasOwn(keys.confusions, key) ? keys.confusions[key] : undefined;
    const intended = confusion?.intended ?? nearest(key, readKeys);
    // The intended key written as well: this one is a leftover, not the option that was meant.
    if (!intended || (!confusion && options.props.has(intended))) continue;
    const uses = confusion?.uses ?? `'${intended}' is left out, so ${keys.reads[intended]}`;
    out.push(ignoredOption(ctx, prop.node.key as Node, site, { key, intended, uses, side: 'written' }));
  }
  return out;
}

/**
 * A value the code reads from options that do not hold its key (`opts.prefetchCount` of `{ prefetch: 10 }`), when the
 * options hold a key one edit away: undefined, where `uses` says what the library does with undefined.
 */
export function absentKeyRead(ctx: FileContext, read: Node | undefined, value: Value | undefined, site: OptionsSite, uses: string): IgnoredOption[] {
  if (!read || value?.kind !== 'literal' || !value.absentKey) return [];
  const { key, holder } = value.absentKey;
  const intended = nearest(key, [...holder.props.keys()]);
  return intended ? [ignoredOption(ctx, read, site, { key, intended, uses, side: 'read' })] : [];
}

/** The fact for one key at `at` (a node of ctx's file). */
export function ignoredOption(ctx: FileContext, at: Node, site: OptionsSite, fact: Pick<IgnoredOption, 'key' | 'intended' | 'uses' | 'side' | 'through'>): IgnoredOption {
  return {
    kind: 'ignored-option',
    id: `${site.id}:${fact.side === 'dropped' ? `${ctx.file.path}:` : ''}${at.start}`,
    client: site.client,
    at: ctx.file.span(at),
    statementStart: ctx.file.statementOf(at).start ?? 0,
    callee: site.callee,
    ...fact,
    syntax: { at },
  };
}

/**
 * The one key of `keys` that `key` is one edit away from: the same but for case, `_` or `-` (`noack`, `auto_delete`),
 * one letter added, dropped, changed or swapped (keys of 5+ letters: `durible`), or the same with `Count` (`prefetch`,
 * `prefetchCount`: the name another library gives it).
 */
export function nearest(key: string, keys: readonly string[]): string | undefined {
  const a = plain(key);
  const near = keys.filter((k) => {
    const b = plain(k);
    return k !== key && (a === b || a === `${b}count` || b === `${a}count` || (Math.min(a.length, b.length) >= 5 && oneEdit(a, b)));
  });
  return near.length === 1 ? near[0] : undefined;
}

const plain = (key: string) => key.toLowerCase().replace(/[_-]/g, '');

/** Whether two strings differ by one insertion, deletion, substitution or swap of neighbours. */
function oneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1) || (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2));
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** Adds ignored options to the model, once per place (one options object may go to several calls). */
export function addIgnored(model: FileModel, found: readonly IgnoredOption[]): void {
  if (!found.length) return;
  const list = (model.ignoredOptions ??= []);
  for (const o of found) if (!list.some((x) => x.at.start === o.at.start && x.at.file === o.at.file)) list.push(o);
}
