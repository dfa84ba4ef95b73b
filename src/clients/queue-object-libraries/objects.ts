// Which expressions are objects of a library described by a shape (its module, constructors, methods), in one file.
import { fromLocalCallers } from '../../resolve/local-callers';
import type * as t from '@babel/types';
import { calleeMethod, isCall, memberName, propertyKeyName, typeReferenceName, unwrap, type Node, type ParsedFile } from '../../parse/ast';
import type { Binding, Scopes } from '../../resolve/scope';

/**
 * What a library's objects are and how they come from each other: the module a file imports,
 * what its exports, constructors, factory calls and methods return, which callback parameters
 * receive its objects, and which type names stand for them. Kinds are the library's own words
 * ('connection', 'queue', ...).
 */
export interface LibraryShape {
  /** The kind of the whole module for an import/require of `source`, if it is the library. */
  module(source: string): string | undefined;
  /** `x.name` on an object of `kind` (a module export, a class). */
  member?(kind: string, name: string): string | undefined;
  /** `new X(...)` where X is of `kind`. */
  construct?(kind: string): string | undefined;
  /** `x(...)` where x is of `kind` (a factory function). */
  call?(kind: string): string | undefined;
  /** `x.method(...)` on an object of `kind`. */
  method?(kind: string, method: string): string | undefined;
  /** The kind of parameter `param` of a callback passed as argument `arg` to `x.method(...)`. */
  callbackParam?(kind: string, method: string, arg: number, param: number): string | undefined;
  /** A type annotation naming `exported` from the library. */
  typeName?(exported: string): string | undefined;
}

/** An object of the library: its kind and the expression that created it (its identity). */
export interface Tracked {
  kind: string;
  /** The call, `new` or typed parameter the object comes from. */
  origin: Node;
}

/**
 * Follows one library's objects through a file: imports and requires, destructuring, awaited
 * results, chained calls, callback parameters, typed parameters, class fields and local helpers
 * called with such an object. Objects are recognised by where they come from, never by names.
 */
export class LibraryObjects {
  private readonly memo = new Map<Node, Tracked | undefined>();
  private readonly active = new Set<Node>();

  constructor(
    private readonly file: ParsedFile,
    private readonly scopes: Scopes,
    private readonly shape: LibraryShape,
  ) {}

  /** What an expression is, if it is one of the library's objects. */
  of(expr: Node): Tracked | undefined {
    const node = unwrap(expr);
    if (this.memo.has(node)) return this.memo.get(node);
    if (this.active.has(node)) return undefined;
    this.active.add(node);
    const result = this.compute(node);
    this.active.delete(node);
    this.memo.set(node, result);
    return result;
  }

  kindOf(expr: Node): string | undefined {
    return this.of(expr)?.kind;
  }

  /** `x.method(...)` on one of the library's objects: the receiver and the method name. */
  methodCall(call: Node): { receiver: Tracked; method: string } | undefined {
    if (!isCall(call)) return undefined;
    const m = calleeMethod(call);
    if (!m) return undefined;
    const receiver = this.of(m.object);
    return receiver ? { receiver, method: m.method } : undefined;
  }

  private compute(node: Node): Tracked | undefined {
    const at = (kind: string | undefined, origin: Node = node) => (kind ? { kind, origin } : undefined);
    if (node.type === 'NewExpression') {
      const c = this.kindOf(node.callee as Node);
      return c && this.shape.construct ? at(this.shape.construct(c)) : undefined;
    }
    if (isCall(node)) {
      const callee = unwrap(node.callee as Node);
      if (callee.type === 'Identifier' && callee.name === 'require' && node.arguments[0]?.type === 'StringLiteral') {
        return at(this.shape.module(node.arguments[0].value));
      }
      const m = calleeMethod(node);
      if (m) {
        const target = this.kindOf(m.object);
        if (target && this.shape.method) {
          const result = this.shape.method(target, m.method);
          if (result) return at(result);
        }
      }
      const fnKind = this.kindOf(callee);
      return fnKind && this.shape.call ? at(this.shape.call(fnKind)) : undefined;
    }
    if (node.type === 'Identifier') return this.identifier(node);
    if (node.type === 'MemberExpression' || node.type === 'OptionalMemberExpression') {
      if (node.object.type === 'ThisExpression') return this.classField(node);
      const name = memberName(node);
      const target = this.of(node.object);
      if (!name || !target || !this.shape.member) return undefined;
      return at(this.shape.member(target.kind, name), target.origin);
    }
    return undefined;
  }

  private identifier(id: t.Identifier): Tracked | undefined {
    const binding = this.scopes.lookup(id.name, id);
    if (!binding) return undefined;
    switch (binding.kind) {
      case 'import':
        return this.fromImport(binding);
      case 'const':
      case 'let':
      case 'var': {
        if (binding.init) {
          let value = this.of(binding.init);
          for (const key of binding.path) value = value && this.shape.member ? this.memberOf(value, key) : undefined;
          if (value) return value;
        }
        const typed = this.fromType(binding.id.typeAnnotation, binding.id);
        if (typed) return typed;
        return binding.kind === 'const' ? undefined : this.fromAssignments(id.name);
      }
      case 'param':
        return this.fromParam(binding);
      default:
        return undefined;
    }
  }

  private memberOf(value: Tracked, key: string): Tracked | undefined {
    const kind = this.shape.member?.(value.kind, key);
    return kind ? { kind, origin: value.origin } : undefined;
  }

  private fromImport(binding: Binding): Tracked | undefined {
    const mod = this.shape.module(binding.importSource ?? '');
    if (!mod) return undefined;
    const name = binding.importedName;
    if (name === 'default' || name === '*') return { kind: mod, origin: binding.declaration };
    return name ? this.memberOf({ kind: mod, origin: binding.declaration }, name) : undefined;
  }

  /** A type annotation `Queue`, `Amqp.Queue` or `Promise`-free union member naming a library type. */
  private fromType(annotation: t.Identifier['typeAnnotation'], anchor: Node): Tracked | undefined {
    if (!annotation || annotation.type !== 'TSTypeAnnotation' || !this.shape.typeName) return undefined;
    let type = annotation.typeAnnotation;
    if (type.type === 'TSUnionType') type = type.types.find((x) => x.type === 'TSTypeReference') ?? type;
    if (type.type !== 'TSTypeReference') return undefined;
    const named = typeReferenceName(type);
    if (!named) return undefined;
    const { local, qualifier } = named;
    const b = this.scopes.lookup(qualifier ?? local, anchor);
    if (!b) return undefined;
    let exported: string | undefined;
    if (b.kind === 'import' && this.shape.module(b.importSource ?? '')) exported = qualifier ? local : b.importedName;
    else if ((b.kind === 'const' || b.kind === 'var' || b.kind === 'let') && qualifier && b.init && this.of(b.init)) exported = local;
    const kind = exported && exported !== 'default' && exported !== '*' ? this.shape.typeName(exported) : undefined;
    return kind ? { kind, origin: anchor } : undefined;
  }

  /** `let q; ... q = conn.declareQueue(...)`. */
  private fromAssignments(name: string): Tracked | undefined {
    for (const node of this.file.assignmentsTo(name)) {
      {
        const found = this.of(node.right);
        if (found) return found;
      }
    }
    return undefined;
  }

  private fromParam(binding: Binding): Tracked | undefined {
    const typed = this.fromType(binding.id.typeAnnotation, binding.id);
    if (typed) return typed;
    const fn = binding.fn;
    if (!fn || binding.path.length) return undefined;
    const index = binding.paramIndex ?? 0;
    const parent = this.file.parentOf(fn);
    if (parent && isCall(parent)) {
      const arg = parent.arguments.indexOf(fn as never);
      const m = calleeMethod(parent);
      if (arg >= 0 && m) {
        // x.then(q => ...): the promise's value.
        if (m.method === 'then' && arg === 0 && index === 0) {
          const value = this.of(m.object);
          if (value) return value;
        }
        const target = this.of(m.object);
        const kind = target && this.shape.callbackParam?.(target.kind, m.method, arg, index);
        // The object a callback receives is the one the call creates (conn.queue(name, q => ...)).
        if (kind) return { kind, origin: this.shape.method?.(target.kind, m.method) === kind ? parent : binding.id };
      }
    }
    return this.fromCallers(fn, index);
  }

  /** A local helper called with one of the library's objects: function setup(conn) {...}; setup(connection). */
  private fromCallers(fn: t.Function, index: number): Tracked | undefined {
    return fromLocalCallers(this.file, fn, index, (arg) => this.of(arg));
  }

  /** `this.conn`: a class field typed as, initialised with or assigned one of the library's objects. */
  private classField(node: t.MemberExpression | t.OptionalMemberExpression): Tracked | undefined {
    const name = memberName(node);
    if (!name) return undefined;
    const cls = this.file.enclosingClass(node);
    if (!cls) return undefined;
    for (const member of cls.body.body) {
      if ((member.type === 'ClassProperty' || member.type === 'ClassAccessorProperty') && propertyKeyName(member) === name) {
        const typed = this.fromType((member as t.ClassProperty).typeAnnotation as t.Identifier['typeAnnotation'], member);
        if (typed) return typed;
        if (member.value) {
          const found = this.of(member.value);
          if (found) return found;
        }
      }
      if (member.type === 'ClassMethod' && member.kind === 'constructor') {
        for (const p of member.params) {
          if (p.type === 'TSParameterProperty' && p.parameter.type === 'Identifier' && p.parameter.name === name) {
            const typed = this.fromType(p.parameter.typeAnnotation, p.parameter);
            if (typed) return typed;
          }
        }
      }
    }
    for (const n of this.file.thisAssignments(cls, name)) {
      {
        const found = this.of(n.right);
        if (found) return found;
      }
    }
    return undefined;
  }
}

