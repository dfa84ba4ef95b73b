// Whether a function is part of its module's API: exported itself, or a public method of an exported class or object.
import type * as t from '@babel/types';
import { propertyKeyName, unwrap, type Node } from '../parse/ast';
import type { FileContext } from './file-context';
import { findExport } from './exports';

/** The name a function is called by from outside its module (`publish`, `Broker.publish`), if the module exports it. */
export function exportedName(ctx: FileContext, fn: t.Function): string | undefined {
  const file = ctx.file;
  const parent = file.parentOf(fn);
  if (fn.type === 'ClassMethod' || fn.type === 'ClassPrivateMethod') {
    if (fn.type === 'ClassPrivateMethod' || fn.kind !== 'method' || fn.accessibility === 'private' || fn.accessibility === 'protected') return undefined;
    const name = propertyKeyName(fn);
    const cls = file.enclosingClass(fn);
    const className = cls && exportedClassName(ctx, cls);
    return name && className ? `${className}.${name}` : undefined;
  }
  const described = describedName(ctx, fn);
  if (described) return described;
  if (fn.type === 'ObjectMethod' || (parent?.type === 'ObjectProperty' && parent.value === fn)) {
    const key = propertyKeyName((fn.type === 'ObjectMethod' ? fn : parent) as t.ObjectProperty);
    const holder = file.parentOf((fn.type === 'ObjectMethod' ? fn : parent) as Node);
    return key && holder && isExportedValue(ctx, holder) ? key : undefined;
  }
  const name = ownName(ctx, fn);
  return name && refersTo(ctx, findExport(file, name), fn) ? name : undefined;
}

/**
 * A function given as a property descriptor's value, `Object.defineProperties(Exchange.prototype, { subscribe: { value:
 * function subscribe() {} } })`, on the module's value or its prototype (`module.exports = Exchange`) or on
 * module.exports itself: `Exchange.subscribe`, `subscribe`.
 */
function describedName(ctx: FileContext, fn: t.Function): string | undefined {
  const file = ctx.file;
  const valueProp = file.parentOf(fn);
  if (valueProp?.type !== 'ObjectProperty' || valueProp.value !== fn || propertyKeyName(valueProp) !== 'value') return undefined;
  const descriptor = file.parentOf(valueProp);
  const member = descriptor && file.parentOf(descriptor);
  if (member?.type !== 'ObjectProperty' || member.value !== descriptor) return undefined;
  const key = propertyKeyName(member);
  const map = member && file.parentOf(member);
  const call = map && file.parentOf(map);
  if (!key || call?.type !== 'CallExpression' || call.arguments[1] !== map || file.source(call.callee) !== 'Object.defineProperties') return undefined;
  const target = unwrap(call.arguments[0] as Node);
  const text = file.source(target.type === 'AssignmentExpression' ? target.left : target);
  if (text === 'module.exports' || text === 'exports') return key;
  const owner = text.replace(/\.prototype$/, '');
  const exported = findExport(file, '*');
  const value = exported.kind === 'local' ? unwrap(exported.node) : undefined;
  return value?.type === 'Identifier' && value.name === owner ? `${owner}.${key}` : undefined;
}

/** A function's own binding name: `function publish()`, `const publish = async () => ...`. */
function ownName(ctx: FileContext, fn: t.Function): string | undefined {
  if ((fn.type === 'FunctionDeclaration' || fn.type === 'FunctionExpression') && fn.id) return fn.id.name;
  const parent = ctx.file.parentOf(fn);
  return parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier' ? parent.id.name : undefined;
}

/** Whether an export target (`export function f`, `export { f }`, `module.exports = { f }`) is this function. */
function refersTo(ctx: FileContext, target: ReturnType<typeof findExport>, fn: t.Function): boolean {
  if (target.kind !== 'local') return false;
  const node = unwrap(target.node);
  if (node === fn) return true;
  if (node.type !== 'Identifier') return false;
  const b = ctx.resolver.scopes.lookup(node.name, node);
  const decl = b?.declaration;
  return decl === fn || (decl?.type === 'VariableDeclarator' && !!decl.init && unwrap(decl.init as Node) === fn);
}

/** The name of an exported class (`export class Broker`, `export default class`, `module.exports = Broker`). */
function exportedClassName(ctx: FileContext, cls: t.ClassDeclaration | t.ClassExpression): string | undefined {
  const parent = ctx.file.parentOf(cls);
  const name = cls.id?.name;
  if (parent?.type === 'ExportNamedDeclaration' || parent?.type === 'ExportDefaultDeclaration') return name ?? 'default';
  if (!name) return undefined;
  for (const exported of [name, 'default']) {
    const target = findExport(ctx.file, exported);
    const node = target.kind === 'local' ? unwrap(target.node) : undefined;
    if (node === cls || (node?.type === 'Identifier' && ctx.resolver.scopes.lookup(node.name, node)?.declaration === cls)) return name;
  }
  return undefined;
}

/** An object literal the module exports (`module.exports = { ... }`, `export default { ... }`, `export const api = { ... }`, `const api = { ... }; module.exports = api`). */
function isExportedValue(ctx: FileContext, obj: Node): boolean {
  const parent = ctx.file.parentOf(obj);
  if (parent?.type === 'ExportDefaultDeclaration') return true;
  if (parent?.type === 'AssignmentExpression' && parent.right === obj) return /^(module\.)?exports(\.|$)/.test(ctx.file.source(parent.left));
  if (parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier') {
    const declaration = ctx.file.parentOf(parent);
    if (ctx.file.parentOf(declaration as Node)?.type === 'ExportNamedDeclaration') return true;
    // `const RabbitMQ = { ... }; module.exports = RabbitMQ` (or `export default RabbitMQ`).
    const target = findExport(ctx.file, 'default');
    const node = target.kind === 'local' ? unwrap(target.node) : undefined;
    return node?.type === 'Identifier' && node.name === parent.id.name && ctx.resolver.scopes.lookup(node.name, node)?.declaration === parent;
  }
  return false;
}

/**
 * How code outside the module reaches a function: its exported name (`publish`, `Broker.publish`), or `new Broker()`
 * for the constructor of an exported class. Undefined for a function only its own module can call.
 */
export function exportedEntry(ctx: FileContext, fn: t.Function): string | undefined {
  if (fn.type === 'ClassMethod' && fn.kind === 'constructor') {
    const cls = ctx.file.enclosingClass(fn);
    const name = cls && exportedClassName(ctx, cls);
    return name ? `new ${name}()` : undefined;
  }
  const name = exportedName(ctx, fn);
  return name ? `${name}()` : undefined;
}
