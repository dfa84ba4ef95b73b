// @babel/parser, loaded the first time it is needed.
import { createRequire } from 'node:module';

/** @babel/parser, loaded the first time it is needed: with oxc a scan may never need it (~15 ms to load). */
let loaded: typeof import('@babel/parser') | undefined;

export function babelParser(): typeof import('@babel/parser') {
  return (loaded ??= createRequire(__filename)('@babel/parser') as typeof import('@babel/parser'));
}
