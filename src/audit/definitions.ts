// Reads a broker definitions export (JSON) into the audit's model of the broker's state.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type * as t from '@babel/types';
import { parseJson } from '../parse/json';
import { LineIndex } from '../text';
import { QUEUE_TYPES, type QueueType } from '../model';
import type { BrokerDefaults, BrokerPolicy, BrokerQueue, BrokerState, Place } from './model';

/** A definitions file that cannot be read: `<file>: <what is wrong>`, one line. */
export class DefinitionsError extends Error {}

/**
 * A broker's state from a definitions export (`rabbitmqctl export_definitions`, or the management
 * API's GET /api/definitions, whole or per vhost). Exports hold no exclusive queues and no consumers.
 */
export function readDefinitions(file: string, cwd: string, vhostDefault = '/'): BrokerState {
  const absolute = path.resolve(cwd, file);
  let text: string;
  try {
    text = fs.readFileSync(absolute, 'utf8').replace(/^\uFEFF/, '');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new DefinitionsError(`${file}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : (e as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new DefinitionsError(`${file}: invalid JSON: ${(e as Error).message.replace(/\s*[\r\n]+\s*/g, ' ')}`);
  }
  if (!isObject(json) || (!Array.isArray(json.queues) && !Array.isArray(json.policies))) {
    throw new DefinitionsError(`${file}: not a RabbitMQ definitions export (it has no "queues" or "policies" list)`);
  }
  const places = locate(text);
  const queues = (Array.isArray(json.queues) ? json.queues : []).map((q, i) => queueOf(q, i, file, vhostDefault, places.queues[i]));
  const policies = (Array.isArray(json.policies) ? json.policies : []).map((p, i) => policyOf(p, i, file, vhostDefault, places.policies[i]));
  const version = typeof json.rabbitmq_version === 'string' ? json.rabbitmq_version : typeof json.rabbit_version === 'string' ? json.rabbit_version : undefined;
  return { source: { kind: 'definitions', file }, brokerVersion: version, defaults: definedDefaults(json, vhostDefault), queues, policies };
}

/**
 * The default queue types an export holds: each vhost's (`vhosts[].metadata.default_queue_type`; a per-vhost
 * export's own `metadata`); the node's is not in an export.
 */
function definedDefaults(json: Record<string, unknown>, vhostDefault: string): BrokerDefaults {
  const vhosts: Record<string, QueueType | undefined> = {};
  for (const v of Array.isArray(json.vhosts) ? json.vhosts : []) if (isObject(v) && typeof v.name === 'string') vhosts[v.name] = typeOf(v);
  // A single vhost's export (GET /api/definitions/<vhost>) carries the vhost's metadata at the top.
  if (!Array.isArray(json.vhosts) && isObject(json.metadata)) vhosts[vhostDefault] = typeOf(json);
  return { vhosts };
}

function typeOf(v: Record<string, unknown>): QueueType | undefined {
  const meta = isObject(v.metadata) ? v.metadata : {};
  const t = meta.default_queue_type ?? v.default_queue_type;
  return typeof t === 'string' && (QUEUE_TYPES as readonly string[]).includes(t) ? (t as QueueType) : undefined;
}

function queueOf(q: unknown, i: number, file: string, vhostDefault: string, at: Place | undefined): BrokerQueue {
  if (!isObject(q) || typeof q.name !== 'string') throw new DefinitionsError(`${file}: queues[${i}] has no "name"`);
  const args = isObject(q.arguments) ? q.arguments : {};
  const type = typeof q.type === 'string' ? q.type : typeof args['x-queue-type'] === 'string' ? (args['x-queue-type'] as string) : 'classic';
  return {
    vhost: typeof q.vhost === 'string' ? q.vhost : vhostDefault,
    name: q.name,
    durable: q.durable !== false,
    autoDelete: q.auto_delete === true,
    exclusive: q.exclusive === true,
    type,
    arguments: args,
    ...(at ? { at } : {}),
  };
}

export function policyOf(p: unknown, i: number, file: string, vhostDefault: string, at?: Place): BrokerPolicy {
  if (!isObject(p) || typeof p.name !== 'string' || typeof p.pattern !== 'string') throw new DefinitionsError(`${file}: policies[${i}] has no "name" or "pattern"`);
  return {
    vhost: typeof p.vhost === 'string' ? p.vhost : vhostDefault,
    name: p.name,
    pattern: p.pattern,
    applyTo: typeof p['apply-to'] === 'string' ? p['apply-to'] : 'all',
    definition: isObject(p.definition) ? p.definition : {},
    priority: typeof p.priority === 'number' ? p.priority : 0,
    ...(at ? { at } : {}),
  };
}

/** Where each entry of "queues" and "policies" is in the text, so that reports can point at it. */
function locate(text: string): { queues: (Place | undefined)[]; policies: (Place | undefined)[] } {
  const out = { queues: [] as (Place | undefined)[], policies: [] as (Place | undefined)[] };
  const parsed = parseJson(text);
  if (!parsed.ok) return out;
  const root = (parsed.ast.program.body[0] as t.ExpressionStatement).expression;
  if (root.type !== 'ObjectExpression') return out;
  const lines = new LineIndex(text);
  for (const prop of root.properties) {
    if (prop.type !== 'ObjectProperty' || prop.key.type !== 'StringLiteral' || prop.value.type !== 'ArrayExpression') continue;
    const key = prop.key.value;
    if (key !== 'queues' && key !== 'policies') continue;
    out[key] = prop.value.elements.map((el) => {
      if (!el || el.start == null || el.end == null) return undefined;
      const s = lines.position(el.start);
      const e = lines.position(el.end);
      return { line: s.line, column: s.column, endLine: e.line, endColumn: e.column };
    });
  }
  return out;
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
