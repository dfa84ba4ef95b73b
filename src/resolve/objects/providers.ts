// Dependency-injection providers: what `@Inject(TOKEN)` hands a constructor, read from the project's
// `{ provide: TOKEN, useFactory | useValue | useClass | useExisting }` (NestJS custom providers).
import type * as t from '@babel/types';
import { ownProperty, unwrap, type Node } from '../../parse/ast';
import type { FileContext } from '../file-context';
import { isTestFile } from '../test-files';
import type { Traced } from './traced';
import type { ObjectTracking as ObjectTracker } from '../contracts';

/** `provide:` as a provider object writes it (files without it are not parsed for providers). */
/** A file that writes a custom provider (`provide:`): the index's fact for `providerFiles()`. */
export const PROVIDER_TEXT = /\bprovide['"]?\s*:/;

export interface Provider {
  node: t.ObjectExpression;
  ctx: FileContext;
}

export class Providers {
  private byToken?: Map<string, Provider[]>;
  private readonly active = new Set<string>();

  constructor(private readonly tracker: ObjectTracker) {}

  /** What an `@Inject(TOKEN)` among `decorators` is given, if the project provides that token. */
  injected(decorators: readonly t.Decorator[] | null | undefined, ctx: FileContext): Traced | undefined {
    const token = injectedToken(decorators, ctx);
    return token === undefined ? undefined : this.provided(token);
  }

  /** The provider objects of the token an expression names (`app.get(TOKEN)`), if the project provides it. */
  providersOfToken(node: Node, ctx: FileContext): Provider[] {
    const token = tokenOf(node, ctx);
    return token === undefined ? [] : (this.index().get(token) ?? []);
  }

  /** What the project provides for the token an expression names (`app.get(TOKEN)`), if it provides it. */
  ofToken(node: Node, ctx: FileContext): Traced | undefined {
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

  /** The provider objects of the project's inputs outside tests, by token (read once, from files that write `provide:`). */
  private index(): Map<string, Provider[]> {
    if (this.byToken) return this.byToken;
    this.byToken = new Map();
    const project = this.tracker.project;
    for (const absolute of project?.providerFiles() ?? []) {
      const ctx = project!.context(absolute);
      // Test modules override providers with fakes: the service runs with the others.
      if (!ctx || isTestFile(ctx.file.path)) continue;
      for (const node of ctx.file.nodes) {
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

/** The token of an `@Inject(TOKEN)` decorator among `decorators`, if there is one. */
function injectedToken(decorators: readonly t.Decorator[] | null | undefined, ctx: FileContext): string | undefined {
  for (const d of decorators ?? []) {
    const call = unwrap(d.expression as Node);
    if (call.type !== 'CallExpression' || unwrap(call.callee as Node).type !== 'Identifier') continue;
    if ((unwrap(call.callee as Node) as t.Identifier).name !== 'Inject' || call.arguments.length !== 1) continue;
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
