// Finds what a module exports under a name (ESM and CommonJS).
import type * as t from '@babel/types';
import { memberName, unwrap, type Node, type ParsedFile } from '../parse/ast';
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
        if (e.type !== 'AssignmentExpression' || e.left.type !== 'MemberExpression') break;
        const target = file.source(e.left);
        if (target === 'module.exports') commonjs = e.right;
        else if ((target.startsWith('exports.') || target.startsWith('module.exports.')) && memberName(e.left) === name) return { kind: 'local', node: e.right };
        break;
      }
    }
  }
  if (commonjs) {
    if (name === 'default' || name === '*') return { kind: 'local', node: commonjs };
    const member = commonjsMember(commonjs, name);
    return member ? { kind: 'local', node: member } : { kind: 'member', object: commonjs, name };
  }
  return { kind: 'star', specifiers: stars };
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
