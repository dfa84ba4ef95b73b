// Which expressions are amqplib connections and channels or amqp-connection-manager wrappers, in one file.
import { fromLocalCallers } from '../../resolve/local-callers';
import { jsdocParamType } from '../../resolve/jsdoc-params';
import type * as t from '@babel/types';
import { calleeMethod, isCall, isFunction, memberName, propertyKeyName, typeReferenceName, unwrap, type Node, type ParsedFile } from '../../parse/ast';
import type { Binding, Scopes } from '../../resolve/scope';

/** What an expression is, in the amqplib family. */
export type AmqpKind =
  | { kind: 'amqplib-module' }
  | { kind: 'amqplib-connect' }
  | { kind: 'amqplib-connection' }
  | { kind: 'channel'; client: 'amqplib' | 'amqp-connection-manager'; confirm: boolean | 'unknown'; key: string }
  | { kind: 'acm-module' }
  | { kind: 'acm-connect' }
  | { kind: 'acm-manager' }
  | { kind: 'acm-wrapper'; key: string; confirm: boolean | 'unknown' };

const AMQPLIB = /^amqplib(\/callback_api)?$/;
const ACM = /^amqp-connection-manager$/;
const CHANNEL_TYPES = new Set(['Channel', 'ConfirmChannel']);
const CONNECTION_TYPES = new Set(['Connection', 'ChannelModel']);
/** The only methods whose call returns something tracked (besides a `connect` function called by itself). */
const OPENING_METHODS = new Set(['connect', 'createChannel', 'createConfirmChannel']);
/** JSDoc names used without an import: amqplib's channel types (the names its @types package gives them). */
const BARE_TYPES_SOURCE: Record<string, string> = { Channel: 'amqplib', ConfirmChannel: 'amqplib', ChannelWrapper: 'amqp-connection-manager' };

/**
 * Tracks amqplib and amqp-connection-manager objects through one file: module imports,
 * connect() results, createChannel() results, callback parameters, typed parameters,
 * class fields and setup functions. Channels are identified by what they are, not by their names.
 */
export class AmqplibChannels {
  private readonly memo = new Map<Node, AmqpKind | undefined>();
  private readonly active = new Set<Node>();
  readonly importsLibrary: boolean;

  constructor(
    private readonly file: ParsedFile,
    private readonly scopes: Scopes,
  ) {
    this.importsLibrary = /['"](amqplib(\/callback_api)?|amqp-connection-manager)['"]/.test(file.text);
  }

  kindOf(expr: Node): AmqpKind | undefined {
    const node = unwrap(expr);
    if (this.memo.has(node)) return this.memo.get(node);
    if (this.active.has(node)) return undefined;
    this.active.add(node);
    const result = this.compute(node);
    this.active.delete(node);
    this.memo.set(node, result);
    return result;
  }

  channelOf(expr: Node): Extract<AmqpKind, { kind: 'channel' }> | undefined {
    const k = this.kindOf(expr);
    return k?.kind === 'channel' ? k : undefined;
  }

  wrapperOf(expr: Node): Extract<AmqpKind, { kind: 'acm-wrapper' }> | undefined {
    const k = this.kindOf(expr);
    return k?.kind === 'acm-wrapper' ? k : undefined;
  }

  /**
   * A plain parameter nothing else identifies (`function declareQueue(ch, name, opts)` in an untyped
   * helper module): its `assertQueue` is amqplib's, the only libraries with that method being amqplib
   * and amqp-connection-manager, whose wrapper passes it to amqplib unchanged.
   */
  isUntracedParameter(expr: Node): boolean {
    const node = unwrap(expr);
    if (node.type !== 'Identifier' || this.kindOf(node)) return false;
    const binding = this.scopes.lookup(node.name, node);
    return binding?.kind === 'param' && binding.path.length === 0;
  }

  private compute(node: Node): AmqpKind | undefined {
    if (isCall(node)) return this.callResult(node);
    if (node.type === 'Identifier') return this.identifier(node);
    if (node.type === 'MemberExpression' && node.object.type === 'ThisExpression') return this.classField(node);
    if (node.type === 'MemberExpression' && this.kindOf(node.object)?.kind === 'amqplib-module' && memberName(node) === 'connect') {
      return { kind: 'amqplib-connect' };
    }
    if (node.type === 'MemberExpression' && this.kindOf(node.object)?.kind === 'acm-module' && memberName(node) === 'connect') {
      return { kind: 'acm-connect' };
    }
    return undefined;
  }

  private callResult(call: t.CallExpression | t.OptionalCallExpression): AmqpKind | undefined {
    const callee = unwrap(call.callee);
    if (callee.type === 'Identifier' && callee.name === 'require' && call.arguments[0]?.type === 'StringLiteral') {
      const src = call.arguments[0].value;
      if (AMQPLIB.test(src)) return { kind: 'amqplib-module' };
      if (ACM.test(src)) return { kind: 'acm-module' };
      return undefined;
    }
    // Any other method of anything but `this` returns nothing tracked: its receiver is not worth resolving.
    if ((callee.type === 'MemberExpression' || callee.type === 'OptionalMemberExpression') && callee.object.type !== 'ThisExpression') {
      const method = memberName(callee);
      if (method === undefined || !OPENING_METHODS.has(method)) return undefined;
    }
    const calleeKind = this.kindOf(callee);
    if (calleeKind?.kind === 'amqplib-connect') return { kind: 'amqplib-connection' };
    if (calleeKind?.kind === 'acm-connect') return { kind: 'acm-manager' };
    const m = calleeMethod(call);
    if (!m) return undefined;
    const target = this.kindOf(m.object);
    if (!target) {
      // `conn.createChannel().then(ch => ...)` is handled where the parameter is resolved.
      return undefined;
    }
    if (target.kind === 'amqplib-module' && m.method === 'connect') return { kind: 'amqplib-connection' };
    if (target.kind === 'acm-module' && m.method === 'connect') return { kind: 'acm-manager' };
    if (target.kind === 'amqplib-connection' && (m.method === 'createChannel' || m.method === 'createConfirmChannel')) {
      return { kind: 'channel', client: 'amqplib', confirm: m.method === 'createConfirmChannel', key: `call:${call.start}` };
    }
    if (target.kind === 'acm-manager' && m.method === 'createChannel') {
      return { kind: 'acm-wrapper', key: `call:${call.start}`, confirm: this.wrapperConfirm(call) };
    }
    return undefined;
  }

  private wrapperConfirm(call: t.CallExpression | t.OptionalCallExpression): boolean | 'unknown' {
    const opts = call.arguments[0] ? unwrap(call.arguments[0] as Node) : undefined;
    if (!opts) return true;
    if (opts.type !== 'ObjectExpression') return 'unknown';
    const prop = opts.properties.find((p) => p.type === 'ObjectProperty' && propertyKeyName(p) === 'confirm') as t.ObjectProperty | undefined;
    if (!prop) return true;
    const v = unwrap(prop.value as Node);
    return v.type === 'BooleanLiteral' ? v.value : 'unknown';
  }

  private identifier(id: t.Identifier): AmqpKind | undefined {
    const binding = this.scopes.lookup(id.name, id);
    if (!binding) return undefined;
    const key = `binding:${binding.id.start}`;
    const asChannel = (k: AmqpKind | undefined): AmqpKind | undefined => {
      if (k?.kind === 'channel') return { ...k, key };
      if (k?.kind === 'acm-wrapper') return { ...k, key };
      return k;
    };
    switch (binding.kind) {
      case 'import':
        return this.fromImport(binding);
      case 'const':
      case 'let':
      case 'var': {
        if (binding.init) {
          if (binding.path.length === 0) return asChannel(this.kindOf(binding.init));
          if (binding.path.length === 1 && binding.path[0] === 'connect') {
            const mod = this.kindOf(binding.init);
            if (mod?.kind === 'amqplib-module') return { kind: 'amqplib-connect' };
            if (mod?.kind === 'acm-module') return { kind: 'acm-connect' };
          }
        }
        const typed = this.fromTypeAnnotation(binding.id.typeAnnotation, key, binding.id);
        if (typed) return typed;
        return binding.kind === 'const' ? undefined : this.fromAssignments(id.name, key);
      }
      case 'param':
        return asChannel(this.fromParam(binding, key));
      default:
        return undefined;
    }
  }

  private fromImport(binding: Binding): AmqpKind | undefined {
    const src = binding.importSource ?? '';
    const name = binding.importedName;
    if (AMQPLIB.test(src)) {
      if (name === 'default' || name === '*') return { kind: 'amqplib-module' };
      if (name === 'connect') return { kind: 'amqplib-connect' };
    }
    if (ACM.test(src)) {
      if (name === 'default' || name === '*') return { kind: 'acm-module' };
      if (name === 'connect') return { kind: 'acm-connect' };
    }
    return undefined;
  }

  /** A type annotation naming amqplib's Channel / ConfirmChannel, or ACM's ChannelWrapper. */
  /** `anchor`: the annotated node (type nodes have no parent links, scopes are looked up from it). */
  private fromTypeAnnotation(annotation: t.Identifier['typeAnnotation'], key: string, anchor: Node): AmqpKind | undefined {
    if (!annotation || annotation.type !== 'TSTypeAnnotation') return undefined;
    let type = annotation.typeAnnotation;
    if (type.type === 'TSTypeReference' && type.typeName.type === 'Identifier' && type.typeName.name === 'Promise') return undefined;
    if (type.type === 'TSUnionType') {
      const named = type.types.find((x) => x.type === 'TSTypeReference');
      if (!named) return undefined;
      type = named;
    }
    if (type.type !== 'TSTypeReference') return undefined;
    const named = typeReferenceName(type);
    if (!named) return undefined;
    const { local, qualifier } = named;
    const origin = this.typeOrigin(qualifier ?? local, anchor);
    if (!origin) return undefined;
    const exported = qualifier ? local : origin.importedName;
    if (AMQPLIB.test(origin.source) && exported && CHANNEL_TYPES.has(exported)) {
      // A parameter typed Channel may be handed a ConfirmChannel (its subtype).
      return { kind: 'channel', client: 'amqplib', confirm: exported === 'ConfirmChannel' ? true : 'unknown', key };
    }
    if (AMQPLIB.test(origin.source) && exported && CONNECTION_TYPES.has(exported)) return { kind: 'amqplib-connection' };
    if (ACM.test(origin.source) && exported === 'ChannelWrapper') return { kind: 'acm-wrapper', key, confirm: 'unknown' };
    if (ACM.test(origin.source) && exported && ['AmqpConnectionManager', 'IAmqpConnectionManager'].includes(exported)) return { kind: 'acm-manager' };
    return undefined;
  }

  private typeOrigin(local: string, at: Node): { source: string; importedName?: string } | undefined {
    const b = this.scopes.lookup(local, at);
    if (b?.kind === 'import' && b.importSource) return { source: b.importSource, importedName: b.importedName };
    if (b && (b.kind === 'const' || b.kind === 'let' || b.kind === 'var') && b.init) {
      // const amqp = require('amqplib'); ... (ch: amqp.Channel)
      const k = this.kindOf(b.init);
      if (k?.kind === 'amqplib-module') return { source: 'amqplib' };
      if (k?.kind === 'acm-module') return { source: 'amqp-connection-manager' };
    }
    return undefined;
  }

  /** `let ch; ... ch = await conn.createChannel()`. */
  private fromAssignments(name: string, key: string): AmqpKind | undefined {
    for (const node of this.file.assignmentsTo(name)) {
      {
        const k = this.kindOf(node.right);
        if (k?.kind === 'channel' || k?.kind === 'acm-wrapper') return { ...k, key };
        if (k) return k;
      }
    }
    return undefined;
  }

  private fromParam(binding: Binding, key: string): AmqpKind | undefined {
    const typed = this.fromTypeAnnotation(binding.id.typeAnnotation, key, binding.id);
    if (typed) return typed;
    const fn = binding.fn;
    if (!fn || binding.path.length) return undefined;
    const documented = this.fromJsdoc(fn, binding, key);
    if (documented) return documented;
    const index = binding.paramIndex ?? 0;
    const parent = this.file.parentOf(fn);
    // A callback passed to a call: amqplib callback API, promise .then, or ACM setup.
    if (parent && isCall(parent) && parent.arguments.includes(fn as never)) {
      const m = calleeMethod(parent);
      const calleeKind = this.kindOf(parent.callee);
      if (m) {
        const target = this.kindOf(m.object);
        // conn.createChannel((err, ch) => ...)
        if (target?.kind === 'amqplib-connection' && (m.method === 'createChannel' || m.method === 'createConfirmChannel') && index === 1) {
          return { kind: 'channel', client: 'amqplib', confirm: m.method === 'createConfirmChannel', key };
        }
        // amqp.connect(url, (err, conn) => ...)
        if (target?.kind === 'amqplib-module' && m.method === 'connect' && index === 1) return { kind: 'amqplib-connection' };
        // x.then(ch => ...)
        if (m.method === 'then' && index === 0 && parent.arguments[0] === (fn as never)) {
          const k = this.kindOf(m.object);
          if (k?.kind === 'channel' || k?.kind === 'acm-wrapper') return { ...k, key };
          if (k) return k;
        }
        // wrapper.addSetup(channel => ...)
        if (target?.kind === 'acm-wrapper' && m.method === 'addSetup' && index === 0) {
          return { kind: 'channel', client: 'amqp-connection-manager', confirm: target.confirm, key };
        }
      }
      if (calleeKind?.kind === 'amqplib-connect' && index === 1) return { kind: 'amqplib-connection' };
    }
    // manager.createChannel({ setup: (channel) => ... }) or { setup(channel) {...} }
    const setup = this.setupOwner(fn);
    if (setup && index === 0) return { kind: 'channel', client: 'amqp-connection-manager', confirm: setup.confirm, key };
    // A local helper called with a channel: function declareQueues(ch) {...}; declareQueues(channel)
    return this.fromCallers(fn, index, key);
  }

  /** `@param {import('amqplib').Channel} ch`, `@param {amqp.ConfirmChannel} ch` or `@param {Channel} ch` in plain JavaScript. */
  private fromJsdoc(fn: t.Function, binding: Binding, key: string): AmqpKind | undefined {
    const type = jsdocParamType(this.file, fn, binding.name);
    const m = type && /^(?:import\(\s*['"]([^'"]+)['"]\s*\)\.|([A-Za-z_$][\w$]*)\.)?([A-Za-z_$][\w$]*)$/.exec(type);
    if (!m) return undefined;
    const [, imported, qualifier, exported] = m;
    const source = imported ?? (qualifier ? this.typeOrigin(qualifier, binding.id)?.source : BARE_TYPES_SOURCE[exported]);
    if (!source) return undefined;
    if (AMQPLIB.test(source) && CHANNEL_TYPES.has(exported)) return { kind: 'channel', client: 'amqplib', confirm: exported === 'ConfirmChannel' ? true : 'unknown', key };
    if (ACM.test(source) && exported === 'ChannelWrapper') return { kind: 'acm-wrapper', key, confirm: 'unknown' };
    return undefined;
  }

  private setupOwner(fn: t.Function): Extract<AmqpKind, { kind: 'acm-wrapper' }> | undefined {
    let prop: Node | undefined = fn.type === 'ObjectMethod' ? fn : this.file.parentOf(fn);
    if (!prop || (prop.type !== 'ObjectProperty' && prop.type !== 'ObjectMethod') || propertyKeyName(prop) !== 'setup') return undefined;
    const obj = this.file.parentOf(prop);
    const call = obj && this.file.parentOf(obj);
    if (!call || !isCall(call)) return undefined;
    const k = this.kindOf(call);
    return k?.kind === 'acm-wrapper' ? k : undefined;
  }

  private readonly callerMemo = new Map<string, AmqpKind | undefined>();

  private fromCallers(fn: t.Function, index: number, key: string): AmqpKind | undefined {
    const memoKey = `${fn.start}:${index}`;
    if (this.callerMemo.has(memoKey)) {
      const k = this.callerMemo.get(memoKey);
      return k?.kind === 'channel' || k?.kind === 'acm-wrapper' ? { ...k, key } : k;
    }
    this.callerMemo.set(memoKey, undefined);
    const found = this.findFromCallers(fn, index, key);
    this.callerMemo.set(memoKey, found);
    return found;
  }

  private findFromCallers(fn: t.Function, index: number, key: string): AmqpKind | undefined {
    return fromLocalCallers(this.file, fn, index, (arg) => {
      const k = this.kindOf(arg);
      return k?.kind === 'channel' || k?.kind === 'acm-wrapper' ? { ...k, key } : undefined;
    });
  }

  /** `this.channel`: a class field typed as a channel or assigned one somewhere in the class. */
  private classField(node: t.MemberExpression): AmqpKind | undefined {
    const name = memberName(node);
    if (!name) return undefined;
    const cls = this.file.enclosingClass(node);
    if (!cls) return undefined;
    const key = `this:${cls.start}:${name}`;
    for (const member of cls.body.body) {
      if ((member.type === 'ClassProperty' || member.type === 'ClassAccessorProperty') && propertyKeyName(member) === name) {
        const typed = this.fromTypeAnnotation((member as t.ClassProperty).typeAnnotation as t.Identifier['typeAnnotation'], key, member);
        if (typed) return typed;
        if (member.value) {
          const k = this.kindOf(member.value);
          if (k?.kind === 'channel' || k?.kind === 'acm-wrapper') return { ...k, key };
        }
      }
      if (member.type === 'ClassMethod' && member.kind === 'constructor') {
        for (const p of member.params) {
          if (p.type === 'TSParameterProperty' && p.parameter.type === 'Identifier' && p.parameter.name === name) {
            const typed = this.fromTypeAnnotation(p.parameter.typeAnnotation, key, p.parameter);
            if (typed) return typed;
          }
        }
      }
    }
    for (const n of this.file.thisAssignments(cls, name)) {
      {
        const k = this.kindOf(n.right);
        if (k?.kind === 'channel' || k?.kind === 'acm-wrapper') return { ...k, key };
        if (k) return k;
      }
    }
    return undefined;
  }
}

export function isFunctionNode(node: Node): node is t.Function {
  return isFunction(node);
}
