// @nestjs/config's configuration namespaces: `configService.get('rmq')` is what `registerAs('rmq', () => ({...}))`
// returns, in whichever module of the project registers it (ConfigModule.forRoot({ load: [rmqConfig] }) loads it by name).
import type * as t from '@babel/types';
import { calleeMethod, isCall, ownProperty, unwrap, type Node } from '../../parse/ast';
import type { FileContext } from '../../resolve/file-context';
import type { ProjectView as Project } from '../../resolve/contracts';
import { returnedExpression } from '../../resolve/functions';

/** `registerAs(` as code writes it (files without it are not parsed for namespaces). */
const REGISTER_AS = /\bregisterAs\s*\(/;
const CONFIG_PACKAGE = /^@nestjs\/config$/;
/** ConfigService's getters (`get`, `getOrThrow`), which take a namespace or a dotted path into one. */
const GETTERS = new Set(['get', 'getOrThrow']);

interface Namespace {
  factory: t.Function;
  ctx: FileContext;
}

const indexes = new WeakMap<Project, Map<string, Namespace>>();

/** The namespaces the project registers, by name (read once per analysis, from the files that import @nestjs/config and call registerAs). */
function namespaces(project: Project): Map<string, Namespace> {
  let byName = indexes.get(project);
  if (byName) return byName;
  byName = new Map();
  indexes.set(project, byName);
  // Only files that import @nestjs/config can call its registerAs (the index knows each file's specifiers).
  for (const { absolute, facts } of project.index.files()) {
    if (facts.kind !== 'source' || !facts.specifiers.includes('@nestjs/config') || !REGISTER_AS.test(project.host.read(absolute) ?? '')) continue;
    const ctx = project.context(absolute);
    if (!ctx) continue;
    for (const call of ctx.file.callsNamed('registerAs')) {
      const [name, factory] = call.arguments as Node[];
      const key = name && ctx.resolver.resolve(name);
      const fn = factory && unwrap(factory);
      if (key?.kind !== 'literal' || typeof key.value !== 'string' || !fn || (fn.type !== 'ArrowFunctionExpression' && fn.type !== 'FunctionExpression')) continue;
      if (!importedFromConfig(ctx, call)) continue;
      if (!byName.has(key.value)) byName.set(key.value, { factory: fn, ctx });
    }
  }
  return byName;
}

function importedFromConfig(ctx: FileContext, call: t.CallExpression | t.OptionalCallExpression): boolean {
  const callee = unwrap(call.callee as Node);
  const b = callee.type === 'Identifier' ? ctx.resolver.scopes.lookup(callee.name, callee) : undefined;
  return !!b && b.kind === 'import' && !!b.importSource && CONFIG_PACKAGE.test(b.importSource);
}

/**
 * `configService.get('rmq')` / `configService.getOrThrow<RmqOptions>('rmq.orders')`: the expression the registered
 * namespace's factory returns, walked down the rest of the path through its object literals, and the context it is in.
 * Undefined when the key names no namespace the project registers (an environment variable, for instance).
 */
export function registeredConfig(ctx: FileContext, call: Node): { ctx: FileContext; node: Node } | undefined {
  const node = unwrap(call);
  const project = ctx.resolver.project;
  if (!project || !isCall(node) || !GETTERS.has(calleeMethod(node)?.method ?? '') || !node.arguments[0]) return undefined;
  const key = ctx.resolver.resolve(node.arguments[0] as Node);
  if (key.kind !== 'literal' || typeof key.value !== 'string') return undefined;
  const [name, ...path] = key.value.split('.');
  const ns = namespaces(project).get(name);
  const returned = ns && returnedExpression(ns.ctx.file, ns.factory);
  if (!ns || !returned) return undefined;
  let at: Node = returned;
  for (const segment of path) {
    const obj = unwrap(at);
    const prop = obj.type === 'ObjectExpression' ? ownProperty(obj, segment) : undefined;
    if (!prop) return undefined;
    at = prop.value as Node;
  }
  return { ctx: ns.ctx, node: at };
}
