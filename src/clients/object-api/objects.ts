// Which expressions are objects of rabbitmq-client or @cloudamqp/amqp-client, in one file.
import { fromLocalCallers } from '../../resolve/local-callers';
import type * as t from '@babel/types';
import { calleeMethod, isCall, memberName, propertyKeyName, unwrap, type Node, type ParsedFile } from '../../parse/ast';
import type { Binding, Scopes } from '../../resolve/scope';
import type { CallNode } from '../model-builders/resolved';

/**
 * What an expression is in one client library. `key` identifies one channel (or other stateful
 * object) across the file; `handedIn` marks an object the file receives from elsewhere (a typed
 * parameter), whose history (confirm mode, prefetch) this file cannot see.
 */
export interface TrackedKind {
  kind: string;
  key?: string;
  handedIn?: boolean;
}

/** How a library's objects come into being, in its own API. Used by rabbitmq-client and @cloudamqp/amqp-client. */
export interface LibraryShape<K extends TrackedKind> {
  /** The library's module specifiers. */
  source: RegExp;
  /** An import of `name` ('default', '*' or an export name); `require()` is '*'. */
  imported(name: string): K | undefined;
  /** `mod.Connection`, `const { Connection } = mod`. */
  member(of: K, name: string): K | undefined;
  /** `new X(...)`. */
  construct(callee: K, call: t.NewExpression): K | undefined;
  /** `x.method(...)` (awaited or not: the value is what the promise settles to). */
  method(target: K, method: string, call: CallNode): K | undefined;
  /** A type the library exports (`Channel`, `AMQPChannel`; 'default' for a default import), used in an annotation. */
  typed(exported: string): K | undefined;
}

/**
 * Tracks one library's objects through a file by what they are: imports and requires of the
 * package, objects constructed or returned by it, `.then` callbacks, typed parameters and class
 * fields, local variables assigned later, and local helpers called with a tracked object.
 */
export class LibraryObjects<K extends TrackedKind> {
  private readonly memo = new Map<Node, K | undefined>();
  private readonly active = new Set<Node>();

  constructor(
    private readonly file: ParsedFile,
    private readonly scopes: Scopes,
    private readonly shape: LibraryShape<K>,
  ) {}

  kindOf(expr: Node): K | undefined {
    const node = unwrap(expr);
    if (this.memo.has(node)) return this.memo.get(node);
    if (this.active.has(node)) return undefined;
    this.active.add(node);
    const result = this.compute(node);
    this.active.delete(node);
    this.memo.set(node, result);
    return result;
  }

  private compute(node: Node): K | undefined {
    if (isCall(node)) return this.callResult(node);
    if (node.type === 'NewExpression') {
      const callee = this.kindOf(node.callee as Node);
      return callee ? this.shape.construct(callee, node) : undefined;
    }
    if (node.type === 'Identifier') return this.identifier(node);
    if (node.type === 'MemberExpression' && node.object.type === 'ThisExpression') return this.classField(node);
    if (node.type === 'MemberExpression') {
      const name = memberName(node);
      const of = this.kindOf(node.object);
      return of && name ? this.shape.member(of, name) : undefined;
    }
    return undefined;
  }

  private callResult(call: CallNode): K | undefined {
    const callee = unwrap(call.callee as Node);
    if (callee.type === 'Identifier' && callee.name === 'require') {
      const arg = call.arguments[0];
      return arg?.type === 'StringLiteral' && this.shape.source.test(arg.value) ? this.shape.imported('*') : undefined;
    }
    const m = calleeMethod(call);
    if (!m) return undefined;
    if (m.method === 'then') return this.thenResult(call);
    const target = this.kindOf(m.object);
    return target ? this.shape.method(target, m.method, call) : undefined;
  }

  /** `x.then(v => v.channel())`: what the callback returns. */
  private thenResult(call: CallNode): K | undefined {
    const fn = call.arguments[0] ? unwrap(call.arguments[0] as Node) : undefined;
    if (!fn || fn.type !== 'ArrowFunctionExpression' || fn.body.type === 'BlockStatement') return undefined;
    return this.kindOf(fn.body);
  }

  private identifier(id: t.Identifier): K | undefined {
    const binding = this.scopes.lookup(id.name, id);
    if (!binding) return undefined;
    const key = `binding:${binding.id.start}`;
    switch (binding.kind) {
      case 'import':
        return binding.importSource && this.shape.source.test(binding.importSource) ? this.shape.imported(binding.importedName ?? '*') : undefined;
      case 'const':
      case 'let':
      case 'var': {
        const typed = this.fromTypeAnnotation(binding.id.typeAnnotation, binding.id);
        if (binding.init) {
          let k = this.kindOf(binding.init);
          for (const name of binding.path) k = k && this.shape.member(k, name);
          if (k) return rekey(k, key);
        }
        if (typed) return rekey(typed, key, true);
        return binding.kind === 'const' ? undefined : this.fromAssignments(id.name, key);
      }
      case 'param': {
        const k = this.fromParam(binding);
        return k && rekey(k, key, k.handedIn);
      }
      default:
        return undefined;
    }
  }

  /** A type annotation naming one of the library's exported types (`Channel`, `rmq.Channel`). */
  private fromTypeAnnotation(annotation: t.Identifier['typeAnnotation'], anchor: Node): K | undefined {
    if (!annotation || annotation.type !== 'TSTypeAnnotation') return undefined;
    let type = annotation.typeAnnotation;
    if (type.type === 'TSUnionType') {
      const named = type.types.find((x) => x.type === 'TSTypeReference');
      if (!named) return undefined;
      type = named;
    }
    if (type.type !== 'TSTypeReference') return undefined;
    const name = type.typeName;
    if (name.type === 'Identifier') {
      const b = this.scopes.lookup(name.name, anchor);
      if (b?.kind !== 'import' || !b.importSource || !this.shape.source.test(b.importSource) || !b.importedName) return undefined;
      return this.typedAs(b.importedName);
    }
    if (name.type === 'TSQualifiedName' && name.left.type === 'Identifier') {
      const b = this.scopes.lookup(name.left.name, anchor);
      const moduleKind = this.shape.imported('*')?.kind;
      const isModule = b?.kind === 'import' ? !!b.importSource && this.shape.source.test(b.importSource) && b.importedName === '*' : !!b?.init && this.kindOf(b.init)?.kind === moduleKind;
      return isModule ? this.typedAs(name.right.name) : undefined;
    }
    return undefined;
  }

  private typedAs(exported: string): K | undefined {
    const k = this.shape.typed(exported);
    return k && { ...k, handedIn: true };
  }

  /** `let ch; ... ch = await conn.channel()`. */
  private fromAssignments(name: string, key: string): K | undefined {
    for (const node of this.file.assignmentsTo(name)) {
      {
        const k = this.kindOf(node.right);
        if (k) return rekey(k, key);
      }
    }
    return undefined;
  }

  private fromParam(binding: Binding): K | undefined {
    const typed = this.fromTypeAnnotation(binding.id.typeAnnotation, binding.id);
    if (typed) return typed;
    const fn = binding.fn;
    if (!fn || binding.path.length) return undefined;
    const index = binding.paramIndex ?? 0;
    const parent = this.file.parentOf(fn);
    // rabbit.acquire().then(ch => ...)
    if (parent && isCall(parent) && parent.arguments[0] === (fn as never) && index === 0) {
      const m = calleeMethod(parent);
      if (m?.method === 'then') return this.kindOf(m.object);
    }
    return this.fromCallers(fn, index);
  }

  /** A local helper called with a tracked object: `function declare(ch) {...}; declare(channel)`. */
  private fromCallers(fn: t.Function, index: number): K | undefined {
    return fromLocalCallers(this.file, fn, index, (arg) => this.kindOf(arg));
  }

  /** `this.channel`: a class field typed as one of the library's types or assigned one in the class. */
  private classField(node: t.MemberExpression): K | undefined {
    const name = memberName(node);
    if (!name) return undefined;
    const cls = this.file.enclosingClass(node);
    if (!cls) return undefined;
    const key = `this:${cls.start}:${name}`;
    let typed: K | undefined;
    for (const member of cls.body.body) {
      if ((member.type === 'ClassProperty' || member.type === 'ClassAccessorProperty') && propertyKeyName(member) === name) {
        if (member.value) {
          const k = this.kindOf(member.value);
          if (k) return rekey(k, key);
        }
        typed ??= this.fromTypeAnnotation((member as t.ClassProperty).typeAnnotation as t.Identifier['typeAnnotation'], member);
      }
      if (member.type === 'ClassMethod' && member.kind === 'constructor') {
        for (const p of member.params) {
          if (p.type === 'TSParameterProperty' && p.parameter.type === 'Identifier' && p.parameter.name === name) {
            typed ??= this.fromTypeAnnotation(p.parameter.typeAnnotation, p.parameter);
          }
        }
      }
    }
    for (const n of this.file.thisAssignments(cls, name)) {
      {
        const k = this.kindOf(n.right);
        if (k) return rekey(k, key);
      }
    }
    return typed && rekey(typed, key, true);
  }
}

/** The same object seen through a variable: keyed by the variable, so every use shares one identity. */
function rekey<K extends TrackedKind>(k: K, key: string, handedIn?: boolean): K {
  if (k.key === undefined) return k;
  return { ...k, key, ...(handedIn ? { handedIn: true } : {}) };
}


