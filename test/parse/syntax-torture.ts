/** Snippets that exercise every syntax shape the oxc path converts, by file name (the name picks the dialect). */
export const TORTURE: { name: string; code: string }[] = [
  {
    name: 'class-members.ts',
    code: `"use strict";
'use client';
abstract class Base<T extends object = {}> extends Parent<T> implements A.B<T>, C {
  static #count = 0;
  #secret?: string;
  declare readonly brand: unique symbol;
  protected abstract name: string;
  public static override value = 1;
  accessor auto = 2;
  static accessor #hidden = 3;
  [key: string]: unknown;
  constructor(private readonly a: number, public b?: string, protected override c = 1) { super(); }
  abstract run(): void;
  overloaded(x: string): string;
  overloaded(x: number): number;
  overloaded(x: any) { return x; }
  get size(): number { return 1; }
  set size(v) {}
  static async *gen() { yield* []; }
  #privateMethod() { return #count in Base; }
  get #privateGetter() { return 1; }
  ['computed' + 1]() {}
  'quoted'() {}
  42() {}
  optional?(): void;
  static { Base.#count++; }
  @dec() decorated = 1;
  @dec method(@inject('x') param: string) {}
}
class Controller {
  constructor(@Inject(TOKEN) private readonly token: string) {}
  query(@Req() req: { user: User }, @Query() { a, b }: Filter, @Query('period') /* c */ period = 'daily', @Query('page') page: number = 1, @Query('from') from?: string) {}
}
@Component({ selector: 'x' })
export class Decorated {}
export default class {}
`,
  },
  {
    name: 'objects.js',
    code: `const o = { a, b: 1, 'c': 2, 3: 4, [d]: 5, ...rest, m() {}, get g() { return 1; }, set s(v) {}, async *ag() {}, async am() {}, __proto__: null };
const { x = 1, y: { z = 2 } = {}, ...others } = o;
const [p, , q = 3, ...tail] = list;
function f({ a = 1, b } = {}, [c, d] = [], ...args) { return (a); }
function g() { 'use strict'; "use asm"; return 1; }
for (const [k, v] of Object.entries(o)) label: for (;;) { break label; }
(({ a }) => a)({ a: 1 });
x = ((y));
`,
  },
  {
    name: 'chains.ts',
    code: `a?.b.c(1);
a?.b!.c;
a!.b?.c!();
(a?.b).c;
(a?.b)?.c;
a?.[0]?.(x)?.d;
a.b?.();
foo<string>?.(1);
a?.b.c?.d.e();
class K { #p = 1; m(o) { return o?.#p?.x; } }
const d = await import('./mod');
const e = import('./m', { with: { type: 'json' } });
const meta = import.meta.url;
`,
  },
  {
    name: 'modules.ts',
    code: `#!/usr/bin/env node
import def, * as ns from 'ns';
import { a as b, 'string name' as c, type T } from './x';
import type { U } from './u';
import json from './data.json' with { type: 'json' };
import './side';
import fs = require('fs');
export import Alias = NS.Inner;
export * from './all';
export * as star from './star';
export { b as 'string export', c };
export type { U };
export { default } from './def';
export { x as y } from './xy';
export const z = 1;
export default function named() {}
`,
  },
  {
    name: 'export-assignment.ts',
    code: `import x = require('x');
export = x;
`,
  },
  {
    name: 'types.ts',
    code: `enum Color { Red, Green = 'g', 'Blue' = 3 }
const enum E { A = 1 << 0 }
declare enum D { X }
namespace NS.Inner { export const v = 1; }
declare module 'mod' { export function f(): void; }
declare global { interface Window { x: number } }
module Legacy {}
interface I<T> extends J<T>, K.L { (x: number): string; new (x: string): I<T>; method?<U>(u: U): void; readonly [k: string]: any; prop: T; get acc(): number; set acc(v: number); }
type Fn = (a: number, ...rest: string[]) => void;
type Ctor = abstract new () => object;
type M = { readonly [K in keyof T as \`get\${K & string}\`]-?: T[K] };
type Cond<T> = T extends (infer U extends string)[] ? U : never;
type Tpl = \`prefix-\${string}\`;
type Tup = [a: string, b?: number, ...c: boolean[]];
type Imp = import('./x').Y<string>;
type Q = typeof import('./x');
type TQ = typeof value.prop<string>;
type Pred = (x: unknown) => x is string;
type Asserts = (x: unknown) => asserts x is string;
type AssertsOnly = (x: unknown) => asserts x;
type Paren = (string | number)[];
type Lit = 'a' | 1 | -1 | true | null | undefined | 1n;
type Op = keyof T | unique symbol | readonly string[];
type Idx = T['key'];
type Obj = { a: string; b?: number; c(): void; readonly d: string };
type This = (this: Window) => void;
let v = x as const;
let s = y satisfies Shape;
let n = z!;
let old = <string>w;
let inst = make<string>;
function over(a: string): void;
function over(a: any) {}
declare function decl(): void;
declare const dc: number;
declare let dl: string, dl2;
abstract class AC { abstract m(): void; abstract p: string; }
function gen<const T extends readonly unknown[]>(t: T): T { return t; }
let arrow = <T,>(x: T): T => x;
let asyncArrow = async <T>(x: T) => x;
function ft(this: Foo, ...a: number[]) {}
let optionalParam = (a?: number) => a;
let def = function* () {};
class G<in out T> {}
let x2: Array<{ a: string }> = [];
let big = 123n;
let re = /ab+c/gi;
label: { break label; }
`,
  },
  {
    name: 'view.tsx',
    code: `const C = <T,>(props: { v: T }) => <div className="a" {...props} data-x='y' on={() => 1}>
  text &amp; more {props.v} <Foo.Bar /> <ns:tag /> <></>
  {/* comment */}
  <Generic<string> prop />
</div>;
`,
  },
  {
    name: 'view.jsx',
    code: `export default () => <><span title="t &lt; &#x41;&#66;">{'x'}</span>{...children}</>;`,
  },
  {
    name: 'literals.mjs',
    code: `const t = \`a\${b}c\${\`nested \${d}\`}\`;
const tag = fn\`x\${y}\`;
const r = /[/]\\//u, r2 = /(?<name>x)/dgimsuy;
const n = [0x1F, 0o7, 0b1, 1e3, 1_000, .5, 5., 0.1];
const b = [10n, 0xFFn];
const s = ['\\n', "\\u{1F600}", 'it\\'s'];
const u = undefined, nl = null, tr = true, fa = false;
await Promise.resolve();
using res = getResource();
await using ares = getAsync();
/* block */ // line
`,
  },
  {
    name: 'common.cjs',
    code: `'use strict';
const amqp = require('amqplib');
module.exports = { connect: () => amqp.connect() };
if (!amqp) return;
exports.x = 1;
`,
  },
  {
    name: 'script.js',
    code: `#!/usr/bin/env node
// the comment after the interpreter
var amqp = require('amqplib');
if (!amqp) return;
module.exports = amqp;
`,
  },
  {
    name: 'generics.mts',
    code: `export const id = <T>(x: T) => x;
export const pair = async <A, B>(a: A, b: B): Promise<[A, B]> => [a, b];
export function call() { return f<string>(1) + new Map<string, number>().size + \`q.\${id}.\${\`x\${1}\`}\`; }
`,
  },
  {
    name: 'unicode-and-parens.ts',
    code: `// 😀 comment with a non-BMP character: offsets after it are UTF-16
const s = '😀é\\u{1F600}'; const after = { k: 'v' };
const make = () => ({ a: 1 });
const seq = (a, b);
const cast = (x as any).y;
const nested = (((z)));
const call = (fn)(1);
(obj.prop) = 1; ((plain)) = 2; (counter)++; (o.n)--; (arr[0]) += 1;
const flags = /x/mg;
(async () => { await (0, f)(); })();
const Klass = class Named<T> extends (Base as any) { static x = 1; };
export default abstract class Abstract { protected abstract readonly p: number; }
\r\nconst crlf = 1;\r\n/** doc */
let u: string | undefined = (obj as Record<string, string>)?.['k']!;
`,
  },
  {
    name: 'require.cts',
    code: `import amqp = require('amqplib');
export = { amqp };
`,
  },
];
