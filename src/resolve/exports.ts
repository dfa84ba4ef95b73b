// Finds what a module exports under a name (ESM and CommonJS).
import type * as t from '@babel/types';
import { isFunction, memberName, unwrap, type Node, type ParsedFile } from '../parse/ast';
import { returnedExpression } from './functions';
import type { Resolver as ValueResolver, Value } from './contracts';

/** How a module makes a name available: where to resolve it, or which module to look in next. */
export type ExportTarget =
  | { kind: 'local'; node: Node }
  | { kind: 'member'; object: Node; name: string }
  | { kind: 'reexport'; specifier: string; name: string }
  | { kind: 'star'; specifiers: string[] };

/** Finds what `name` ('default' for the default export) refers to in a module, ESM or CommonJS. */
export function findExport(file: ParsedFile, name: string): ExportTarget {
  const stars: string[] = [];
  let commonjs: Node | undefined;
  // Members defined on module.exports with property descriptors: the module's value is read member by member.
  let described = false;
  for (const stmt of file.ast.program.body) {
    switch (stmt.type) {
      case 'ExportNamedDeclaration': {
        const decl = stmt.declaration;
        if (decl?.type === 'VariableDeclaration') {
          for (const d of decl.declarations) if (d.id.type === 'Identifier' && d.id.name === name && d.init) return { kind: 'local', node: d.init };
        } else if (decl && 'id' in decl && decl.id?.type === 'Identifier' && decl.id.name === name) {
          return { kind: 'local', node: decl };
        }
        for (const spec of stmt.specifiers) {
          if (spec.type !== 'ExportSpecifier') continue;
          const exported = spec.exported.type === 'Identifier' ? spec.exported.name : spec.exported.value;
          if (exported !== name) continue;
          if (stmt.source) return { kind: 'reexport', specifier: stmt.source.value, name: spec.local.name };
          return { kind: 'local', node: spec.local };
        }
        break;
      }
      case 'ExportDefaultDeclaration':
        if (name === 'default') return { kind: 'local', node: stmt.declaration as Node };
        break;
      case 'ExportAllDeclaration':
        stars.push(stmt.source.value);
        break;
      case 'TSExportAssignment':
        // TypeScript's `export = value`: the module's value, as `module.exports = value`.
        commonjs = stmt.expression as Node;
        break;
      case 'ExpressionStatement': {
        const e = stmt.expression;
        if (e.type === 'CallExpression') {
          // `Object.defineProperties(module.exports = Utility, { defaults: { value: fn } })`: the module, and its named members.
          const defined = definedExport(file, e, name);
          if (defined.module) commonjs = defined.module;
          described ||= defined.described;
          if (defined.member) return { kind: 'local', node: defined.member };
          break;
        }
        if (e.type !== 'AssignmentExpression' || e.left.type !== 'MemberExpression') break;
        const target = file.source(e.left);
        if (target === 'module.exports') commonjs = e.right;
        else if ((target.startsWith('exports.') || target.startsWith('module.exports.')) && memberName(e.left) === name) return { kind: 'local', node: e.right };
        break;
      }
    }
  }
  // `require('./utility')` of such a module: its namespace (each member looked up here), not the object it starts from.
  if (described && name === 'default') return { kind: 'star', specifiers: [] };
  if (commonjs) {
    if (name === 'default' || name === '*') return { kind: 'local', node: commonjs };
    const member = commonjsMember(commonjs, name);
    return member ? { kind: 'local', node: member } : { kind: 'member', object: commonjs, name };
  }
  return { kind: 'star', specifiers: stars };
}

/**
 * `Object.defineProperty(module.exports, 'name', descriptor)` and `Object.defineProperties(module.exports = X, { name:
 * descriptor })`: the module's value where it is assigned there, and the node `name` is given: the descriptor's
 * `value`, or what its `get()` returns.
 */
function definedExport(file: ParsedFile, call: t.CallExpression, name: string): { module?: Node; member?: Node; described: boolean } {
  const callee = file.source(call.callee);
  if (callee !== 'Object.defineProperty' && callee !== 'Object.defineProperties') return { described: false };
  const target = call.arguments[0] && unwrap(call.arguments[0] as Node);
  const assigned = target?.type === 'AssignmentExpression' && target.operator === '=' && file.source(target.left) === 'module.exports' ? target.right : undefined;
  if (!target || (!assigned && file.source(target) !== 'module.exports' && file.source(target) !== 'exports')) return { described: false };
  const descriptor =
    callee === 'Object.defineProperty'
      ? call.arguments[1]?.type === 'StringLiteral' && call.arguments[1].value === name
        ? (call.arguments[2] as Node | undefined)
        : undefined
      : call.arguments[1] && commonjsMember(call.arguments[1] as Node, name);
  return { module: assigned, member: descriptor && descriptorValue(file, descriptor), described: true };
}

/** A property descriptor's value: `{ value: v }`, or the one expression `{ get() { return v } }` returns. */
function descriptorValue(file: ParsedFile, descriptor: Node): Node | undefined {
  const d = unwrap(descriptor);
  if (d.type !== 'ObjectExpression') return undefined;
  const value = commonjsMember(d, 'value');
  if (value) return value;
  const getter = d.properties.find((p): p is t.ObjectMethod => p.type === 'ObjectMethod' && p.kind === 'method' && !p.computed && p.key.type === 'Identifier' && p.key.name === 'get');
  const fn = getter ?? commonjsMember(d, 'get');
  return fn && isFunction(fn) ? returnedExpression(file, fn) : undefined;
}

/** `module.exports = { a, b: 1 }`: the property node for `name`, resolved by the caller. */
function commonjsMember(obj: Node, name: string): Node | undefined {
  const o = unwrap(obj);
  if (o.type !== 'ObjectExpression') return undefined;
  for (const p of o.properties) {
    if (p.type === 'ObjectProperty' && !p.computed && ((p.key.type === 'Identifier' && p.key.name === name) || (p.key.type === 'StringLiteral' && p.key.value === name))) {
      return p.value as Node;
    }
  }
  return undefined;
}

export function isFunctionLike(node: Node): node is t.Function | t.ClassDeclaration | t.TSEnumDeclaration {
  return ['FunctionDeclaration', 'ClassDeclaration', 'TSEnumDeclaration'].includes(node.type);
}

export type { Value, ValueResolver };
