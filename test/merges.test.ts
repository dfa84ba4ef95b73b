// Library merge helpers read as values (resolve/merges.ts): lodash's and underscore's defaults, defaultsDeep, assign, extend.
import { describe, expect, it } from 'vitest';
import type * as t from '@babel/types';
import { parseSource } from '../src/parse';
import { ParsedFile } from '../src/parse/ast';
import { ValueResolver, type Value } from '../src/resolve/values';

/** The value of `key` in the object `source`'s `result` variable holds, and the resolver's reason when unknown. */
function keyOf(source: string, key: string): Value {
  const parsed = parseSource(source, 'lib/queue.js');
  if (!parsed.ok) throw new Error('does not parse');
  const file = new ParsedFile('lib/queue.js', source, parsed.ast);
  const resolver = new ValueResolver(file);
  const decl = file.ast.program.body.flatMap((s) => (s.type === 'VariableDeclaration' ? s.declarations : [])).find((d) => d.id.type === 'Identifier' && d.id.name === 'result') as t.VariableDeclarator;
  return resolver.member(resolver.resolve(decl.init), key, decl.init!);
}

const known = (v: Value) => (v.kind === 'literal' ? v.value : v.kind);

describe('library merge helpers', () => {
  it("reads lodash's defaults: the target's defined keys win, else the first source that defines the key", () => {
    const src = "const _ = require('lodash');\nconst result = _.defaults({ durable: false, exclusive: undefined, noWait: null }, { durable: true, exclusive: undefined, noWait: true }, { exclusive: true, autoDelete: true });";
    expect(known(keyOf(src, 'noWait'))).toBe(null);
    expect(known(keyOf(src, 'durable'))).toBe(false);
    expect(known(keyOf(src, 'exclusive'))).toBe(true);
    expect(known(keyOf(src, 'autoDelete'))).toBe(true);
    expect(known(keyOf(src, 'noDeclare'))).toBe(undefined);
  });

  it('reaches the helper through require of a member, a per-method package, an import, and underscore', () => {
    expect(known(keyOf("const defaults = require('lodash').defaults;\nconst result = defaults({}, { durable: true });", 'durable'))).toBe(true);
    expect(known(keyOf("const defaults = require('lodash.defaults');\nconst result = defaults({}, { durable: true });", 'durable'))).toBe(true);
    expect(known(keyOf("import { defaultsDeep } from 'lodash';\nconst result = defaultsDeep({ durable: false }, { durable: true });", 'durable'))).toBe(false);
    expect(known(keyOf("import _ from 'underscore';\nconst result = _.defaults({}, { durable: true });", 'durable'))).toBe(true);
  });

  it('merges nested objects for defaultsDeep only, and leaves the result to the caller where a source is not shown', () => {
    const deep = (fn: string) => keyOf(`const _ = require('lodash');\nconst result = _.${fn}({ arguments: { 'x-queue-type': 'quorum' } }, { arguments: { 'x-max-length': 10 } }).arguments;`, 'x-max-length');
    expect(known(deep('defaultsDeep'))).toBe(10);
    expect(known(deep('defaults'))).toBe(undefined);
    expect(keyOf("const _ = require('lodash');\nconst result = _.defaultsDeep({}, { durable: true }, rascal.testConfig);", 'durable').kind).toBe('unknown');
  });

  it('reads assign and extend as Object.assign: a later source wins', () => {
    expect(known(keyOf("const _ = require('lodash');\nconst result = _.extend({ durable: true }, { durable: false });", 'durable'))).toBe(false);
    expect(known(keyOf("const _ = require('underscore');\nconst result = _.assign({}, { durable: true }, { exclusive: true });", 'durable'))).toBe(true);
  });

  it("leaves a fallback unknown, with why, where the target is a caller's object", () => {
    const v = keyOf("const _ = require('lodash');\nfunction declare(options) { return 1; }\nconst result = _.defaults(options, { durable: true });", 'durable');
    expect(v.kind).toBe('unknown');
    expect(v.kind === 'unknown' && v.reason).toMatch(/^is true unless the object it fills in sets it/);
  });

  it('leaves any other call and any other package alone', () => {
    expect(keyOf("const _ = require('lodash/fp');\nconst result = _.defaults({ durable: true }, {});", 'durable').kind).toBe('unknown');
    expect(keyOf("const x = require('my-utils');\nconst result = x.defaults({}, { durable: true });", 'durable').kind).toBe('unknown');
  });
});
