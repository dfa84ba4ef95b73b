// Which keys a function reads from an options parameter, and when it may hand the whole object on (resolve/param-keys.ts).
import { describe, expect, it } from 'vitest';
import type * as t from '@babel/types';
import { parseSource } from '../src/parse';
import { ParsedFile } from '../src/parse/ast';
import { ValueResolver } from '../src/resolve/values';
import { keysReadFromParam } from '../src/resolve/param-keys';

/** The keys the first function of `source` reads from its parameter at `index` (null: it may hand the object on). */
function keysOf(source: string, index: number): string[] | null {
  const parsed = parseSource(source, 'src/wrapper.ts');
  if (!parsed.ok) throw new Error('does not parse');
  const file = new ParsedFile('src/wrapper.ts', source, parsed.ast);
  const ctx = { file, resolver: new ValueResolver(file), shared: new Map() };
  const fn = file.functions()[0] as t.Function;
  const keys = keysReadFromParam(ctx, fn, index);
  return keys ? [...keys].sort() : null;
}

describe('keys a function reads from its options parameter', () => {
  it('reads members, optional members, a destructuring of the parameter and the keys of a destructured parameter', () => {
    expect(keysOf('function f(ch, name, opts) { if (!opts) return; return ch.assertQueue(name, { durable: opts.durable, exclusive: opts?.exclusive ?? false }); }', 2)).toEqual(['durable', 'exclusive']);
    expect(keysOf('function f(ch, name, opts = {}) { const { durable, autoDelete } = opts; return ch.assertQueue(name, { durable, autoDelete }); }', 2)).toEqual(['autoDelete', 'durable']);
    expect(keysOf('const f = (ch, q, fn, { noAck, exclusive = false }) => ch.consume(q, fn, { noAck, exclusive });', 3)).toEqual(['exclusive', 'noAck']);
    expect(keysOf("function f(ch, opts) { opts = opts || {}; if (typeof opts.retries === 'number') log(opts['retries']); return ch.assertQueue('q', { durable: opts.durable }); }", 1)).toEqual(['durable', 'retries']);
  });

  it('says nothing when the object itself may go on: a spread, a rest, an argument, a field, a return, the arguments object', () => {
    expect(keysOf('function f(ch, name, opts) { return ch.assertQueue(name, { durable: true, ...opts }); }', 2)).toBeNull();
    expect(keysOf('const f = (ch, name, { durable, ...rest }) => ch.assertQueue(name, { durable, ...rest });', 2)).toBeNull();
    expect(keysOf('function f(ch, name, opts) { return ch.assertQueue(name, Object.assign({ durable: opts.durable }, opts)); }', 2)).toBeNull();
    expect(keysOf('class C { constructor(opts) { this.opts = opts; } }', 0)).toBeNull();
    expect(keysOf('function f(opts) { const o = opts; return o; }', 0)).toBeNull();
    expect(keysOf('function f(ch, name, opts) { const key = pick(); return ch.assertQueue(name, { durable: opts[key] }); }', 2)).toBeNull();
    expect(keysOf('function f(ch, name, opts) { return g.apply(null, arguments) || opts.durable; }', 2)).toBeNull();
  });
});
