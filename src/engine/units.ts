// A file's top-level statements grouped into units that share nothing: no statement of one names what a statement
// of another declares. What the engine finds in a unit depends on its statements, the file's imports and the
// project's facts only, so an edit re-analyses the unit it is in (engine/unit-analysis.ts).
import type * as t from '@babel/types';
import { childrenOf, type Node } from '../parse/ast';

export interface StatementUnits {
  /** Per top-level statement: the unit it belongs to (-1 for a shared statement: an import of a library). */
  unitOf: number[];
  /** The statements of each unit, in order. */
  units: number[][];
  /** Statements every unit is analysed with: imports and requires of library packages, declarations of types (they share nothing). */
  shared: number[];
}

/**
 * Objects every module can reach by a name it does not declare, through which statements can share state:
 * statements that name the same one are one unit (`module.exports.x = ...` and `module.exports.x(...)`).
 */
const SHARED_OBJECTS = new Set(['module', 'exports', 'global', 'globalThis', 'window', 'self', 'this']);

/**
 * The units of a program. Statements are joined when one names what another declares (a function and its
 * callers, a constant and its readers, a class and what makes it), when they name the same binding imported from
 * the project's own modules (through the import that declares it), or the same shared object (SHARED_OBJECTS).
 * Names are taken as written, anywhere in a statement but as a member's or a property's key: more joins than a
 * scope would find, never fewer. `library(specifier)`: whether an import of it is left out of the joins (a package:
 * what two statements could still share through it, a channel, is checked by the caller).
 */
export function statementUnits(program: t.Program, library: (specifier: string) => boolean): StatementUnits {
  const body = program.body;
  const parent = body.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]];
    return i;
  };
  const union = (a: number, b: number) => {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
  };
  const sharedStatement = body.map((s) => isLibraryImport(s, library) || isDeclarationOnly(s));
  // Who declares each top-level name (a shared import's names join nothing: they stand for a library).
  const declarers = new Map<string, number[]>();
  body.forEach((s, i) => {
    if (sharedStatement[i]) return;
    for (const name of topLevelNames(s)) {
      const list = declarers.get(name);
      if (list) list.push(i);
      else declarers.set(name, [i]);
    }
  });
  // A binding imported from the project's own modules joins its users through the import that declares it.
  const byName = new Map<string, number>();
  body.forEach((s, i) => {
    if (sharedStatement[i]) return;
    for (const name of namesIn(s)) {
      for (const d of declarers.get(name) ?? []) union(i, d);
      if (SHARED_OBJECTS.has(name)) {
        const first = byName.get(name);
        if (first === undefined) byName.set(name, i);
        else union(i, first);
      }
    }
  });
  const unitOf: number[] = [];
  const units: number[][] = [];
  const unitByRoot = new Map<number, number>();
  const shared: number[] = [];
  body.forEach((_, i) => {
    if (sharedStatement[i]) {
      unitOf.push(-1);
      shared.push(i);
      return;
    }
    const root = find(i);
    let u = unitByRoot.get(root);
    if (u === undefined) {
      u = units.length;
      unitByRoot.set(root, u);
      units.push([]);
    }
    units[u].push(i);
    unitOf.push(u);
  });
  return { unitOf, units, shared };
}

/**
 * A statement that only says what a name's type is (an interface, a type, `declare function f(...)`, a `declare`d
 * variable or class): no code runs, nothing is shared at run time; every unit is analysed with it.
 */
function isDeclarationOnly(s: t.Statement): boolean {
  const d: Node | null | undefined = s.type === 'ExportNamedDeclaration' ? (s.declaration as Node | null | undefined) : s;
  if (!d) return false;
  if (d.type === 'TSInterfaceDeclaration' || d.type === 'TSTypeAliasDeclaration' || d.type === 'TSDeclareFunction') return true;
  if (d.type === 'ImportDeclaration') return d.importKind === 'type';
  return (d.type === 'VariableDeclaration' || d.type === 'ClassDeclaration' || d.type === 'TSModuleDeclaration' || d.type === 'TSEnumDeclaration') && !!d.declare;
}

/** An import (or `const x = require('pkg')`) of a library package: it makes nothing two statements could share. */
function isLibraryImport(s: t.Statement, library: (specifier: string) => boolean): boolean {
  if (s.type === 'ImportDeclaration') return library(s.source.value);
  if (s.type === 'VariableDeclaration') return s.declarations.length > 0 && s.declarations.every((d) => requiredLibrary(d.init, library));
  return false;
}

function requiredLibrary(init: t.Expression | null | undefined, library: (specifier: string) => boolean): boolean {
  let e = init;
  // `require('x').default`, `require('x').Thing`
  while (e && e.type === 'MemberExpression' && !e.computed) e = e.object;
  return !!e && e.type === 'CallExpression' && e.callee.type === 'Identifier' && e.callee.name === 'require' && e.arguments.length === 1 && e.arguments[0].type === 'StringLiteral' && library(e.arguments[0].value);
}

/** The names a top-level statement declares (functions, classes, variables, imports, enums, namespaces, types). */
function topLevelNames(s: t.Statement): string[] {
  const out: string[] = [];
  const decl: Node | null | undefined = s.type === 'ExportNamedDeclaration' || s.type === 'ExportDefaultDeclaration' ? (s.declaration as Node | null | undefined) : s;
  if (s.type === 'ImportDeclaration') for (const spec of s.specifiers) out.push(spec.local.name);
  if (!decl) return out;
  switch (decl.type) {
    case 'FunctionDeclaration':
    case 'ClassDeclaration':
    case 'TSDeclareFunction':
    case 'TSEnumDeclaration':
    case 'TSInterfaceDeclaration':
    case 'TSTypeAliasDeclaration':
      if (decl.id) out.push(decl.id.name);
      break;
    case 'TSModuleDeclaration':
      if (decl.id.type === 'Identifier') out.push(decl.id.name);
      break;
    case 'TSImportEqualsDeclaration':
      out.push(decl.id.name);
      break;
    case 'VariableDeclaration':
      for (const d of decl.declarations) out.push(...patternNames(d.id));
      break;
  }
  return out;
}

function patternNames(p: Node | null | undefined): string[] {
  if (!p) return [];
  switch (p.type) {
    case 'Identifier':
      return [p.name];
    case 'ObjectPattern':
      return p.properties.flatMap((prop) => patternNames(prop.type === 'RestElement' ? prop.argument : (prop.value as Node)));
    case 'ArrayPattern':
      return p.elements.flatMap((e) => patternNames(e));
    case 'AssignmentPattern':
      return patternNames(p.left);
    case 'RestElement':
      return patternNames(p.argument);
    default:
      return [];
  }
}

/** Names per statement node: an unchanged statement keeps its node from parse to parse (lsp/incremental-parse.ts). */
const NAMES = new WeakMap<t.Statement, Set<string>>();

/** Every name a statement writes (identifiers, `this`), but a member's or an object property's key. */
function namesIn(s: t.Statement): Set<string> {
  let known = NAMES.get(s);
  if (!known) NAMES.set(s, (known = namesOf(s)));
  return known;
}

function namesOf(s: t.Statement): Set<string> {
  const out = new Set<string>();
  const stack: Node[] = [s];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.type === 'Identifier' || node.type === 'JSXIdentifier') out.add(node.name);
    else if (node.type === 'ThisExpression') out.add('this');
    const kids = childrenOf(node);
    for (const kid of kids) {
      if (isKeyOf(node, kid)) continue;
      stack.push(kid);
    }
  }
  return out;
}

/** A non-computed member or property key (`a.b`'s b, `{ b: 1 }`'s b): a label, not a name. */
function isKeyOf(parent: Node, child: Node): boolean {
  switch (parent.type) {
    case 'MemberExpression':
    case 'OptionalMemberExpression':
      return parent.property === child && !parent.computed;
    case 'ObjectProperty':
      return parent.key === child && !parent.computed && !parent.shorthand;
    case 'ObjectMethod':
    case 'ClassMethod':
    case 'ClassProperty':
    case 'ClassAccessorProperty':
    case 'TSPropertySignature':
    case 'TSMethodSignature':
      return parent.key === child && !parent.computed;
    default:
      return false;
  }
}
