// What a value read from node-config (`require('config')`, `config.get('a.b')`, `config.a.b`) is: the project's
// config/default.* value, or that value unless the environment variable custom-environment-variables.* maps to it is set.
import type { Span } from '../model';
import type { SourceHost } from '../index/module-resolution';
import { nodeConfigFiles, nodeConfigPackageDir, type ConfigLayer, type NodeConfigFiles } from '../index/node-config-files';
import type { YamlNode } from '../index/yaml-subset';
import type { Primitive, Value } from './contracts';

/** node-config's configuration object as a value, when the package around `fromAbsolute` depends on `config`. */
export function nodeConfigRoot(host: SourceHost, fromAbsolute: string, origin: Span): Value | undefined {
  const dir = nodeConfigPackageDir(host, fromAbsolute);
  if (!dir) return undefined;
  const files = nodeConfigFiles(host, dir);
  // No config folder beside package.json: NODE_CONFIG_DIR points elsewhere (not followed), or nothing is configured.
  if (!files.defaults.length && !files.environment.length && !files.overrides.length) return undefined;
  return configAt(files, [], origin);
}

/** The value at a key path: a map (members and `get`/`has` read below it), or a leaf. */
function configAt(files: NodeConfigFiles, path: string[], origin: Span): Value {
  const key = path.join('.');
  const defaults = files.defaults.map((layer) => ({ layer, found: lookup(layer.tree, path) }));
  const isMap = defaults.some((d) => d.found.kind === 'map') && defaults.every((d) => d.found.kind === 'map' || d.found.kind === 'absent');
  if (isMap || !path.length) {
    const what = path.length ? `the configuration map '${key}'` : 'node-config\'s configuration';
    return {
      kind: 'unknown',
      reason: `is ${what} (config/)`,
      origin,
      members: (k) => configAt(files, [...path, k], origin),
      keyed: (method, dotted, at) => keyedRead(files, [...path, ...dotted.split('.')], method, at),
    };
  }
  return leaf(files, path, origin, false);
}

/** `config.get('a.b')` (throws when the key is undefined) and `config.has('a.b')`. */
function keyedRead(files: NodeConfigFiles, path: string[], method: string, origin: Span): Value | undefined {
  if (path.some((p) => !p)) return undefined;
  if (method === 'get') return isMapAt(files, path) ? configAt(files, path, origin) : leaf(files, path, origin, true);
  if (method !== 'has') return undefined;
  if (isMapAt(files, path)) return { kind: 'literal', value: true, origin, editable: false };
  const v = leaf(files, path, origin, false);
  if (v.kind !== 'unknown') return { kind: 'literal', value: v.kind !== 'literal' || v.value !== undefined, origin, editable: false };
  return { kind: 'unknown', reason: `whether the configuration has '${path.join('.')}' depends on ${v.reason.replace(/^`[^`]*` /, '')}`, origin };
}

function isMapAt(files: NodeConfigFiles, path: string[]): boolean {
  const found = files.defaults.map((l) => lookup(l.tree, path));
  return found.some((f) => f.kind === 'map') && found.every((f) => f.kind === 'map' || f.kind === 'absent');
}

/** A leaf key: its default, and what may set it instead (its environment variable, a deployment's file). */
function leaf(files: NodeConfigFiles, path: string[], origin: Span, throwsIfUnset: boolean): Value {
  const key = path.join('.');
  let base: { value: Primitive; where: string } | undefined;
  for (const layer of files.defaults) {
    const found = lookup(layer.tree, path);
    if (found.kind === 'absent') continue;
    if (found.kind !== 'scalar') return { kind: 'unknown', reason: `\`${key}\` is read from ${layer.shown}, which ${found.kind === 'map' ? 'holds a map there where another file holds a value' : found.why}`, origin };
    base = { value: found.value, where: at(layer, found.line) };
  }
  const setBy: string[] = [];
  const variables: string[] = [];
  let othersTruthy = true;
  for (const layer of files.environment) {
    // `rabbitmq: { __name: RABBITMQ, __format: json }`: one variable sets the whole map the key is in.
    const whole = path.map((_, i) => lookup(layer.tree, path.slice(0, i))).findIndex((f) => f.kind === 'map' && f.entries.has('__name'));
    const found = whole > 0 ? lookup(layer.tree, path.slice(0, whole)) : lookup(layer.tree, path);
    if (found.kind === 'absent') continue;
    const variable = environmentName(found);
    if (!variable) return { kind: 'unknown', reason: `\`${key}\` is mapped to the environment in a way the tool does not read (${at(layer, found.line)})`, origin };
    setBy.push(`environment variable ${variable} (${at(layer, found.line)})`);
    variables.push(variable);
  }
  for (const layer of files.overrides) {
    const found = lookup(layer.tree, path);
    if (found.kind === 'absent') continue;
    othersTruthy &&= found.kind === 'scalar' && !!found.value;
    setBy.push(found.kind === 'scalar' ? `${layer.shown} (${JSON.stringify(found.value)}, line ${found.line})` : `${layer.shown}, which ${found.kind === 'unknown' ? found.why : 'holds a map there'}`);
  }
  const shown = base ? `${JSON.stringify(base.value)} (${base.where})` : `not set in config/default.*`;
  if (!setBy.length) {
    if (base) return { kind: 'literal', value: base.value, origin, editable: false, readOnly: `it is set in ${base.where}` };
    return throwsIfUnset ? { kind: 'unknown', reason: `\`${key}\` is not set in config/default.*: config.get() throws`, origin } : { kind: 'literal', value: undefined, origin, editable: false };
  }
  // A default that is never 0, '' or false, which only a value someone sets on purpose replaces: chosen.
  // Unset in the defaults, config.get() throws unless it is set: chosen too.
  const chosen = othersTruthy && (base ? !!base.value : throwsIfUnset);
  // Only an environment variable replaces it: a reader's "20 unless RABBITMQ_PREFETCH_COUNT is set".
  const unlessSet = base && variables.length === setBy.length ? { value: String(base.value), by: variables.join(' or ') } : undefined;
  return { kind: 'unknown', reason: `\`${key}\` is ${shown} unless it is set through ${setBy.join(' or ')}`, origin, configured: true, ...(chosen ? { chosen: true as const } : {}), ...(unlessSet ? { unlessSet } : {}) };
}

function at(layer: ConfigLayer, line: number): string {
  return line ? `${layer.shown} line ${line}` : layer.shown;
}

type Found = { kind: 'absent' } | { kind: 'map'; line: number; entries: Map<string, YamlNode> } | { kind: 'scalar'; value: Primitive; line: number } | { kind: 'unknown'; why: string; line: number };

/** The node at a key path of one file. */
function lookup(tree: YamlNode, path: string[]): Found {
  let node = tree;
  for (const key of path) {
    if (node.kind === 'unknown') return node;
    if (node.kind !== 'map') return { kind: 'unknown', why: `holds a value where a map is read (line ${node.line})`, line: node.line };
    const next = node.entries.get(key);
    if (!next) return { kind: 'absent' };
    node = next;
  }
  return node;
}

/**
 * A custom-environment-variables leaf: the variable's name (`KEY`, or `{ __name: KEY, __format: number }`; node-config
 * reads a map as a variable only with both, and a variable only when it is set and not empty).
 */
function environmentName(found: Found): string | undefined {
  if (found.kind === 'scalar' && typeof found.value === 'string') return found.value;
  const name = found.kind === 'map' ? found.entries.get('__name') : undefined;
  if (found.kind === 'map' && found.entries.has('__format') && name?.kind === 'scalar' && typeof name.value === 'string') return name.value;
  return undefined;
}
