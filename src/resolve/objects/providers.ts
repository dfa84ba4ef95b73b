// Dependency-injection providers: what `@Inject(TOKEN)` hands a constructor, read from the project's
// `{ provide: TOKEN, useFactory | useValue | useClass | useExisting }` (NestJS custom providers), and what inversify's
// `@inject(TOKEN)` gets from `container.bind(TOKEN).to(C)` (toSelf, toConstantValue, toDynamicValue).
import type * as t from '@babel/types';
import { calleeMethod, isCall, ownProperty, unwrap, type Node } from '../../parse/ast';
import type { FileContext } from '../file-context';
import { isTestFile } from '../test-files';
import type { Traced } from './traced';
import type { ObjectTracking as ObjectTracker } from '../contracts';

/** A file that writes a custom provider (`provide:`) or an inversify binding (`.bind(TOKEN).to(C)`): the index's fact for `providerFiles()`. */
export const PROVIDER_TEXT = /\bprovide['"]?\s*:|\.bind\s*(?:<[^>()]*>)?\s*\(\s*[\w$.'"]+\s*\)\s*\.\s*to(?:Self|ConstantValue|DynamicValue)?\s*\(/;
/** A file that injects by token: NestJS's `@Inject(TOKEN)`, inversify's `@inject(TOKEN)`. */
export const INJECT_TEXT = /@[Ii]nject\s*\(/;

/** What inversify binds a token to: the `.to(C)` (or toSelf, toConstantValue, toDynamicValue) call of `bind(TOKEN)`. */
const BINDING_METHODS = new Set(['to', 'toSelf', 'toConstantValue', 'toDynamicValue']);

export interface Provider {
  node: t.ObjectExpression;
  ctx: FileContext;
}

interface Binding {
  /** The `.to(...)` call. */
  to: t.CallExpression;
  /** The token argument of `bind(...)`. */
  token: Node;
  ctx: FileContext;
}

export class Providers {
  private byToken?: Map<string, Provider[]>;
  private bindings?: Map<string, Binding[]>;
  private readonly active = new Set<string>();

  constructor(private readonly tracker: ObjectTracker) {}

  /** What an `@Inject(TOKEN)` among `decorators` is given, if the project provides that token. */
  injected(decorators: readonly t.Decorator[] | null | undefined, ctx: FileContext): Traced | undefined {
    const token = injectedToken(decorators, ctx);
    return token === undefined ? undefined : this.provided(token);
  }

  /** The provider objects of the token an expression names (`app.get(TOKEN)`), if the project provides it. */
  providersOfToken(node: Node, ctx: FileContext): Provider[] {
    // Most projects provide nothing by token: no token is read then.
    if (!this.index().size) return [];
    const token = tokenOf(node, ctx);
    return token === undefined ? [] : (this.index().get(token) ?? []);
  }

  /** What the project provides for the token an expression names (`app.get(TOKEN)`), if it provides it. */
  ofToken(node: Node, ctx: FileContext): Traced | undefined {
    if (!this.index().size) return undefined;
    const token = tokenOf(node, ctx);
    return token === undefined || !this.index().has(token) ? undefined : this.provided(token);
  }

  /** The provider objects (`{ provide: TOKEN, useFactory | useValue | ... }`) of the `@Inject(TOKEN)` among `decorators`. */
  providersOf(decorators: readonly t.Decorator[] | null | undefined, ctx: FileContext): Provider[] {
    const token = injectedToken(decorators, ctx);
    return token === undefined ? [] : (this.index().get(token) ?? []);
  }

  private provided(token: string): Traced | undefined {
    if (this.active.has(token)) return undefined;
    this.active.add(token);
    try {
      for (const { node, ctx } of this.index().get(token) ?? []) {
        const v = this.value(node, ctx);
        if (v) return v;
      }
      for (const b of this.bindings?.get(token) ?? []) {
        const v = this.bound(b);
        if (v) return v;
      }
      return undefined;
    } finally {
      this.active.delete(token);
    }
  }

  private value(provider: t.ObjectExpression, ctx: FileContext): Traced | undefined {
    const get = (key: string) => {
      const p = ownProperty(provider, key);
      return p && unwrap(p.value as Node);
    };
    const factory = get('useFactory');
    if (factory) {
      const fn = this.tracker.trace(factory, ctx);
      return fn?.t === 'function' ? this.tracker.params.returns(fn.fn, fn.ctx) : undefined;
    }
    const value = get('useValue');
    if (value) return this.tracker.trace(value, ctx);
    const cls = get('useClass');
    if (cls) {
      const c = this.tracker.trace(cls, ctx);
      return c?.t === 'class' ? { t: 'instance', cls: c.cls, ctx: c.ctx } : undefined;
    }
    const existing = get('useExisting');
    const token = existing && tokenOf(existing, ctx);
    return token === undefined ? undefined : this.provided(token);
  }

  /** inversify: `bind(TOKEN).to(C)` an instance of C, `toSelf()` of the bound class, `toConstantValue(v)` v, `toDynamicValue(fn)` what fn returns. */
  private bound(b: Binding): Traced | undefined {
    const method = calleeMethod(b.to)!.method;
    const arg = b.to.arguments[0] && unwrap(b.to.arguments[0] as Node);
    if (method === 'toConstantValue') return arg && this.tracker.trace(arg, b.ctx);
    if (method === 'toDynamicValue') {
      const fn = arg && this.tracker.trace(arg, b.ctx);
      return fn?.t === 'function' ? this.tracker.params.returns(fn.fn, fn.ctx) : undefined;
    }
    const c = this.tracker.trace(method === 'toSelf' ? b.token : arg!, b.ctx);
    return c?.t === 'class' ? { t: 'instance', cls: c.cls, ctx: c.ctx } : undefined;
  }

  /** The provider objects and bindings of the project's inputs outside tests, by token (read once, from files that write `provide:` or `.bind(`). */
  private index(): Map<string, Provider[]> {
    if (this.byToken) return this.byToken;
    this.byToken = new Map();
    this.bindings = new Map();
    const project = this.tracker.project;
    for (const absolute of project?.providerFiles() ?? []) {
      const ctx = project!.context(absolute);
      // Test modules override providers with fakes: the service runs with the others.
      if (!ctx || isTestFile(ctx.file.path)) continue;
      for (const node of ctx.file.nodes) {
        const binding = bindingOf(node);
        if (binding) {
          const token = tokenOf(binding.token, ctx);
          if (token !== undefined) this.bindings.set(token, [...(this.bindings.get(token) ?? []), { ...binding, ctx }]);
          continue;
        }
        if (node.type !== 'ObjectExpression') continue;
        const provide = ownProperty(node, 'provide');
        const token = provide && tokenOf(provide.value as Node, ctx);
        if (token === undefined) continue;
        const list = this.byToken.get(token);
        if (list) list.push({ node, ctx });
        else this.byToken.set(token, [{ node, ctx }]);
      }
    }
    return this.byToken;
  }
}

/** `x.bind<T>(TOKEN).to(C)`: the `.to(...)` call and the token. */
function bindingOf(node: Node): Omit<Binding, 'ctx'> | undefined {
  if (node.type !== 'CallExpression') return undefined;
  const m = calleeMethod(node);
  if (!m || !BINDING_METHODS.has(m.method)) return undefined;
  const bind = unwrap(m.object);
  if (!isCall(bind) || calleeMethod(bind)?.method !== 'bind' || bind.arguments.length !== 1) return undefined;
  return { to: node, token: bind.arguments[0] as Node };
}

/** The token of an `@Inject(TOKEN)` (NestJS) or `@inject(TOKEN)` (inversify) decorator among `decorators`, if there is one. */
function injectedToken(decorators: readonly t.Decorator[] | null | undefined, ctx: FileContext): string | undefined {
  for (const d of decorators ?? []) {
    const call = unwrap(d.expression as Node);
    if (call.type !== 'CallExpression' || unwrap(call.callee as Node).type !== 'Identifier') continue;
    const name = (unwrap(call.callee as Node) as t.Identifier).name;
    if ((name !== 'Inject' && name !== 'inject') || call.arguments.length !== 1) continue;
    return tokenOf(call.arguments[0] as Node, ctx);
  }
  return undefined;
}

/** A token as both sides write it: a string (`'QueueConsumer'`, or a constant holding one), else the name it is written with. */
function tokenOf(node: Node, ctx: FileContext): string | undefined {
  const v = ctx.resolver.resolve(node);
  if (v.kind === 'literal' && typeof v.value === 'string') return `string:${v.value}`;
  const n = unwrap(node);
  if (n.type === 'Identifier') return `name:${n.name}`;
  if (n.type === 'MemberExpression' && !n.computed && n.property.type === 'Identifier') return `name:${n.property.name}`;
  return undefined;
}
