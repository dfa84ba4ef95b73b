// Whose instance `this` is at a node: the class around it, or in pre-ES2015 code a constructor function
// (`function Consumer() { this.options = ... }`, `Consumer.prototype.process = function () { ... }`), through
// arrow functions and functions given their outer `this` with `.bind(this)`. Read from the syntax alone.
import type * as t from '@babel/types';
import { isCall, memberName, unwrap, type Node, type ParsedFile } from '../parse/ast';
import type { ClassNode } from './contracts';

export type ThisOwner = ClassNode | t.FunctionDeclaration;

/** The class or constructor function whose instance `this` is at `at`; undefined where the code does not say. */
export function thisOwner(file: ParsedFile, at: Node): ThisOwner | undefined {
  const cls = file.enclosingClass(at);
  if (cls) return cls;
  const span = { start: at.start ?? 0, end: at.end ?? 0 };
  for (const fn of file.functionsAround(span)) {
    if (fn.type === 'ArrowFunctionExpression' || boundToOuterThis(file, fn)) continue;
    return constructorOf(file, fn);
  }
  return undefined;
}

/** `var self = this`: the `this` a name stands for (a variable given `this` and never assigned again), else undefined. */
export function thisAlias(file: ParsedFile, init: Node | undefined, reassigned: boolean): Node | undefined {
  return init && !reassigned && unwrap(init).type === 'ThisExpression' ? unwrap(init) : undefined;
}

/** `function () {...}.bind(this)`: the function sees the `this` of the code around it. */
function boundToOuterThis(file: ParsedFile, fn: t.Function): boolean {
  const parent = file.parentOf(fn);
  const call = parent && file.parentOf(parent);
  if (parent?.type !== 'MemberExpression' || parent.object !== fn || memberName(parent) !== 'bind' || !call || !isCall(call) || call.callee !== parent) return false;
  const first = call.arguments[0];
  return !!first && first.type !== 'SpreadElement' && first.type !== 'ArgumentPlaceholder' && unwrap(first as Node).type === 'ThisExpression';
}

/** The constructor function a function's `this` is an instance of: itself (given prototype methods), or `F` of `F.prototype.m = function`. */
function constructorOf(file: ParsedFile, fn: t.Function): t.FunctionDeclaration | undefined {
  if (fn.type === 'FunctionDeclaration') return fn.id && file.text.includes(`${fn.id.name}.prototype.`) ? fn : undefined;
  const parent = file.parentOf(fn);
  if (parent?.type !== 'AssignmentExpression' || parent.right !== fn || parent.left.type !== 'MemberExpression') return undefined;
  const proto = unwrap(parent.left.object as Node);
  if (proto.type !== 'MemberExpression' || memberName(proto) !== 'prototype') return undefined;
  const owner = unwrap(proto.object as Node);
  if (owner.type !== 'Identifier') return undefined;
  return functionDeclarations(file).get(owner.name);
}

const declarations = new WeakMap<ParsedFile, Map<string, t.FunctionDeclaration>>();

/** The file's named function declarations, by name (indexed once per file; the first of a name wins). */
function functionDeclarations(file: ParsedFile): Map<string, t.FunctionDeclaration> {
  let byName = declarations.get(file);
  if (!byName) {
    byName = new Map();
    for (const n of file.nodes) if (n.type === 'FunctionDeclaration' && n.id && !byName.has(n.id.name)) byName.set(n.id.name, n);
    declarations.set(file, byName);
  }
  return byName;
}
