// Deterministic benchmark corpora for `npm run bench` (issue 8).
//
//   bench/corpus/sparse: a ~300,000-line TypeScript monorepo (apps and packages: models, services,
//     repositories, controllers, utils, tests, some CommonJS .js and a few .tsx files, ~3,500 files of
//     varied sizes) where about 1% of the files use RabbitMQ, in the shapes people write: amqplib
//     (promise and callback API), amqp-connection-manager setup functions, rabbitmq-client,
//     @cloudamqp/amqp-client and NestJS microservices; queue options in a constants module that does
//     not mention RabbitMQ, and a wrapper function called from another file.
//   bench/corpus/dense: every file uses RabbitMQ (the same shapes, with business logic around them).
//
// Each corpus is its own git repository root (with a .gitignore), as a scanned repository would be.
// Same seed, same bytes: the generator uses its own PRNG (mulberry32), never Math.random or the clock.
//
// Usage: node bench/generate-corpus.mjs [--seed N] [--sparse-lines N] [--dense-files N] [--force]
import * as fs from 'node:fs';
import * as path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : dflt;
};
const SEED = opt('seed', 20240808);
const SPARSE_LINES = opt('sparse-lines', 300_000);
const DENSE_FILES = opt('dense-files', 1_200);
const RABBIT_SHARE = 0.01;
const OUT = path.join(here, 'corpus');
const VERSION = 3; // bump when the generator's output changes

// ---------------------------------------------------------------------------------------------
// PRNG and helpers

function mulberry32(a) {
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let rnd = mulberry32(SEED);
const int = (lo, hi) => lo + Math.floor(rnd() * (hi - lo + 1));
const pick = (xs) => xs[Math.floor(rnd() * xs.length)];
const chance = (p) => rnd() < p;
const cap = (s) => s[0].toUpperCase() + s.slice(1);
const camel = (...parts) => parts[0] + parts.slice(1).map(cap).join('');
const kebab = (s) => s.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
const indent = (text, n) => text.split('\n').map((l) => (l ? ' '.repeat(n) + l : l)).join('\n');

const ENTITIES = ['order', 'invoice', 'customer', 'payment', 'shipment', 'product', 'inventory', 'user', 'account', 'subscription', 'notification', 'report', 'audit', 'session', 'cart', 'coupon', 'refund', 'warehouse', 'supplier', 'ticket', 'review', 'address', 'tenant', 'plan', 'quote', 'contract', 'delivery', 'booking', 'device', 'campaign'];
const FIELDS = [['id', 'string'], ['createdAt', 'Date'], ['updatedAt', 'Date'], ['name', 'string'], ['email', 'string'], ['amount', 'number'], ['currency', 'string'], ['quantity', 'number'], ['status', 'STATUS'], ['tags', 'string[]'], ['ownerId', 'string'], ['notes', 'string | undefined'], ['version', 'number'], ['priority', 'number'], ['region', 'string'], ['active', 'boolean'], ['metadata', 'Record<string, unknown>'], ['externalRef', 'string | null'], ['discount', 'number'], ['score', 'number']];
const STATUSES = ['Pending', 'Active', 'Suspended', 'Completed', 'Cancelled', 'Failed', 'Archived', 'Draft'];
const VERBS = ['load', 'save', 'compute', 'validate', 'normalize', 'merge', 'resolve', 'apply', 'format', 'parse', 'sync', 'reconcile', 'schedule', 'notify', 'archive', 'refresh', 'export', 'import', 'summarize', 'rank'];
const NOUNS = ['totals', 'batch', 'window', 'snapshot', 'ledger', 'entries', 'summary', 'cache', 'limits', 'history', 'metrics', 'options', 'headers', 'payload', 'filters', 'cursor', 'page', 'rules', 'events', 'changes'];
const APPS = ['billing', 'catalog', 'checkout', 'identity', 'fulfillment', 'notifications', 'analytics', 'support', 'search', 'admin', 'partner-api', 'scheduler'];
const PACKAGES = ['shared-utils', 'domain-core', 'http-kit', 'config', 'logging', 'validation', 'testing', 'money'];
const QUEUES = ['orders', 'order-events', 'invoices', 'payments.captured', 'shipments', 'emails', 'sms', 'webhooks', 'audit-log', 'search-index', 'thumbnails', 'exports', 'imports', 'reconciliation', 'fraud-checks', 'inventory-updates', 'price-changes', 'user-signups', 'password-resets', 'reports'];

// ---------------------------------------------------------------------------------------------
// Ordinary code

function statusEnum(E) {
  const values = STATUSES.slice(0, int(3, STATUSES.length));
  return `export enum ${E}Status {\n${values.map((v) => `  ${v} = '${v.toUpperCase()}',`).join('\n')}\n}\n`;
}

function fieldsFor(E, n) {
  const fs_ = [FIELDS[0], ...FIELDS.slice(1).sort(() => rnd() - 0.5).slice(0, n)];
  return fs_.map(([k, t]) => [k, t === 'STATUS' ? `${E}Status` : t]);
}

function modelFile(e, size) {
  const E = cap(e);
  const fields = fieldsFor(E, Math.min(FIELDS.length - 1, 4 + size));
  const opt = new Set(fields.filter(() => chance(0.25)).map(([k]) => k));
  let s = `// ${E} domain model.\n\n${statusEnum(E)}\n`;
  s += `export interface ${E} {\n${fields.map(([k, t]) => `  ${k}${opt.has(k) && k !== 'id' ? '?' : ''}: ${t};`).join('\n')}\n}\n\n`;
  s += `export type ${E}Input = Omit<${E}, 'id' | 'createdAt' | 'updatedAt'>;\n`;
  s += `export type ${E}Patch = Partial<${E}Input> & { id: string };\n\n`;
  s += `export const ${e.toUpperCase()}_DEFAULTS: Readonly<Partial<${E}>> = Object.freeze({\n`;
  for (const [k, t] of fields.slice(1, 6)) s += `  ${k}: ${defaultFor(t, E)},\n`;
  s += `});\n\n`;
  s += `export class ${E}Entity implements ${E} {\n`;
  for (const [k, t] of fields) s += `  ${k}${opt.has(k) && k !== 'id' ? '?' : '!'}: ${t};\n`;
  s += `\n  constructor(init: Partial<${E}> = {}) {\n    Object.assign(this, ${e.toUpperCase()}_DEFAULTS, init);\n  }\n`;
  for (let i = 0; i < size; i++) s += '\n' + indent(entityMethod(E, fields), 2);
  s += `}\n\n`;
  s += `export function is${E}(value: unknown): value is ${E} {\n  return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string';\n}\n`;
  return s;
}

function defaultFor(t, E) {
  if (t === 'string') return `''`;
  if (t === 'number') return '0';
  if (t === 'boolean') return 'false';
  if (t === 'Date') return 'new Date(0)';
  if (t.endsWith('[]')) return '[]';
  if (t.startsWith(E)) return `${E}Status.${STATUSES[0]}`;
  if (t.includes('null')) return 'null';
  if (t.includes('undefined')) return 'undefined';
  return '{}';
}

function entityMethod(E, fields) {
  const [k] = pick(fields);
  const kind = int(0, 4);
  const name = camel(pick(VERBS), pick(NOUNS));
  if (kind === 0) return `${name}(): string {\n  const parts = [this.id, String(this.${k} ?? '')];\n  return parts.filter(Boolean).join(':');\n}\n`;
  if (kind === 1) return `${name}(other: Partial<${E}>): boolean {\n  if (!other) return false;\n  return Object.entries(other).every(([key, value]) => (this as Record<string, unknown>)[key] === value);\n}\n`;
  if (kind === 2) return `toJSON(): Record<string, unknown> {\n  const out: Record<string, unknown> = {};\n  for (const key of Object.keys(this)) {\n    const value = (this as Record<string, unknown>)[key];\n    out[key] = value instanceof Date ? value.toISOString() : value;\n  }\n  return out;\n}\n`.replace('toJSON', name);
  if (kind === 3) return `get ${name}Label(): string {\n  return \`${E} \${this.id} (\${String(this.${k})})\`;\n}\n`;
  return `${name}(limit = ${int(1, 100)}): number {\n  let total = 0;\n  for (let i = 0; i < limit; i++) {\n    total += i % 3 === 0 ? i * 2 : i;\n  }\n  return total;\n}\n`;
}

function serviceMethod(e, E, i) {
  const v = pick(VERBS);
  const n = pick(NOUNS);
  const name = camel(v, E, cap(n)) + (i > 5 ? i : '');
  switch (int(0, 7)) {
    case 0:
      return `async ${name}(id: string): Promise<${E} | undefined> {\n  const found = await this.repository.findById(id);\n  if (!found) {\n    this.logger.warn(\`${e} \${id} not found\`);\n    return undefined;\n  }\n  return { ...found, updatedAt: new Date() };\n}\n`;
    case 1:
      return `async ${name}(items: ${E}[], options: { dryRun?: boolean; limit?: number } = {}): Promise<number> {\n  const limit = options.limit ?? ${int(10, 500)};\n  let changed = 0;\n  for (const item of items.slice(0, limit)) {\n    if (item.id.startsWith('tmp-')) continue;\n    if (!options.dryRun) {\n      await this.repository.save({ ...item, updatedAt: new Date() });\n    }\n    changed++;\n  }\n  this.logger.info('${name}', { changed, limit });\n  return changed;\n}\n`;
    case 2:
      return `${name}(list: ${E}[]): Map<string, ${E}[]> {\n  const groups = new Map<string, ${E}[]>();\n  for (const item of list) {\n    const key = String((item as unknown as Record<string, unknown>).ownerId ?? 'none');\n    const group = groups.get(key) ?? [];\n    group.push(item);\n    groups.set(key, group);\n  }\n  return groups;\n}\n`;
    case 3:
      return `async ${name}(input: ${E}Input): Promise<${E}> {\n  try {\n    const created = await this.repository.create(input);\n    this.events.emit('${e}.created', { id: created.id });\n    return created;\n  } catch (err) {\n    this.logger.error('failed to create ${e}', { err: (err as Error).message });\n    throw new ServiceError('${e.toUpperCase()}_CREATE_FAILED', (err as Error).message);\n  }\n}\n`;
    case 4:
      return `${name}(values: number[]): { min: number; max: number; mean: number } {\n  if (values.length === 0) return { min: 0, max: 0, mean: 0 };\n  const sorted = [...values].sort((a, b) => a - b);\n  const sum = sorted.reduce((acc, x) => acc + x, 0);\n  return { min: sorted[0], max: sorted[sorted.length - 1], mean: sum / sorted.length };\n}\n`;
    case 5:
      return `async ${name}(ids: string[]): Promise<${E}[]> {\n  const results = await Promise.all(ids.map((id) => this.repository.findById(id)));\n  return results.filter((x): x is ${E} => x !== undefined);\n}\n`;
    case 6:
      return `private ${name}(patch: ${E}Patch): string[] {\n  const problems: string[] = [];\n  if (!patch.id) problems.push('id is required');\n  for (const [key, value] of Object.entries(patch)) {\n    if (value === null) problems.push(\`\${key} must not be null\`);\n  }\n  return problems;\n}\n`;
    default:
      return `async ${name}(since: Date, page = 0): Promise<{ items: ${E}[]; next?: number }> {\n  const all = await this.repository.list({ since, offset: page * ${int(20, 100)} });\n  switch (all.length) {\n    case 0:\n      return { items: [] };\n    default:\n      return { items: all, next: page + 1 };\n  }\n}\n`;
  }
}

function serviceFile(e, size) {
  const E = cap(e);
  let s = `import { ${E}, ${E}Input, ${E}Patch } from '../models/${e}';\nimport { ${E}Repository } from '../repositories/${e}.repository';\nimport { Logger } from '../utils/logger';\nimport { EventBus } from '../utils/event-bus';\nimport { ServiceError } from '../utils/errors';\n\n`;
  s += `/** Business operations on ${e}s. */\nexport class ${E}Service {\n  constructor(\n    private readonly repository: ${E}Repository,\n    private readonly logger: Logger,\n    private readonly events: EventBus,\n  ) {}\n`;
  for (let i = 0; i < size; i++) s += '\n' + indent(serviceMethod(e, E, i), 2);
  s += `}\n`;
  return s;
}

function repositoryFile(e, size) {
  const E = cap(e);
  let s = `import { ${E}, ${E}Input } from '../models/${e}';\nimport { randomUUID } from 'node:crypto';\n\nexport interface ListQuery {\n  since?: Date;\n  offset?: number;\n  limit?: number;\n}\n\n`;
  s += `export class ${E}Repository {\n  private readonly rows = new Map<string, ${E}>();\n\n  async findById(id: string): Promise<${E} | undefined> {\n    return this.rows.get(id);\n  }\n\n  async create(input: ${E}Input): Promise<${E}> {\n    const now = new Date();\n    const row = { ...input, id: randomUUID(), createdAt: now, updatedAt: now } as ${E};\n    this.rows.set(row.id, row);\n    return row;\n  }\n\n  async save(row: ${E}): Promise<void> {\n    this.rows.set(row.id, row);\n  }\n\n  async list(query: ListQuery = {}): Promise<${E}[]> {\n    const offset = query.offset ?? 0;\n    const limit = query.limit ?? 50;\n    return [...this.rows.values()]\n      .filter((r) => !query.since || r.createdAt >= query.since)\n      .slice(offset, offset + limit);\n  }\n`;
  for (let i = 0; i < size; i++) {
    const f = camel('findBy', pick(NOUNS)) + i;
    s += `\n  async ${f}(value: string): Promise<${E}[]> {\n    const out: ${E}[] = [];\n    for (const row of this.rows.values()) {\n      if (JSON.stringify(row).includes(value)) out.push(row);\n    }\n    return out;\n  }\n`;
  }
  s += `}\n`;
  return s;
}

function controllerFile(e, size) {
  const E = cap(e);
  let s = `import type { Request, Response, NextFunction } from 'express';\nimport { Router } from 'express';\nimport { ${E}Service } from '../services/${e}.service';\n\nexport function ${e}Router(service: ${E}Service): Router {\n  const router = Router();\n`;
  for (let i = 0; i < size; i++) {
    const verb = pick(['get', 'post', 'put', 'delete', 'patch']);
    const route = `/${e}s${i % 3 === 0 ? '' : '/:id'}${i > 2 ? '/' + pick(NOUNS) : ''}`;
    s += `\n  router.${verb}('${route}', async (req: Request, res: Response, next: NextFunction) => {\n    try {\n      const id = String(req.params.id ?? req.query.id ?? '');\n      if (!id && ${i % 2 === 0}) {\n        res.status(400).json({ error: 'id is required' });\n        return;\n      }\n      const body = req.body as Record<string, unknown>;\n      res.status(200).json({ ok: true, id, keys: Object.keys(body ?? {}).length });\n    } catch (err) {\n      next(err);\n    }\n  });\n`;
  }
  s += `\n  return router;\n}\n`;
  return s;
}

function utilFile(name, size) {
  let s = `// ${name}: small helpers shared across the module.\n\n`;
  for (let i = 0; i < size; i++) {
    const fn = camel(pick(VERBS), pick(NOUNS)) + i;
    switch (int(0, 5)) {
      case 0:
        s += `export function ${fn}<T>(items: readonly T[], size: number): T[][] {\n  const out: T[][] = [];\n  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));\n  return out;\n}\n\n`;
        break;
      case 1:
        s += `export const ${fn} = (input: string): string =>\n  input\n    .trim()\n    .toLowerCase()\n    .replace(/[^a-z0-9]+/g, '-')\n    .replace(/^-+|-+$/g, '');\n\n`;
        break;
      case 2:
        s += `export function ${fn}(date: Date, days: number): Date {\n  const copy = new Date(date.getTime());\n  copy.setUTCDate(copy.getUTCDate() + days);\n  return copy;\n}\n\n`;
        break;
      case 3:
        s += `export async function ${fn}<T>(task: () => Promise<T>, attempts = ${int(2, 6)}, delayMs = ${int(50, 500)}): Promise<T> {\n  let last: unknown;\n  for (let i = 0; i < attempts; i++) {\n    try {\n      return await task();\n    } catch (err) {\n      last = err;\n      await new Promise((resolve) => setTimeout(resolve, delayMs * 2 ** i));\n    }\n  }\n  throw last;\n}\n\n`;
        break;
      case 4:
        s += `export function ${fn}(a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> {\n  const out: Record<string, unknown> = { ...a };\n  for (const [key, value] of Object.entries(b)) {\n    const prev = out[key];\n    out[key] = typeof prev === 'object' && prev && typeof value === 'object' && value ? ${fn}(prev as Record<string, unknown>, value as Record<string, unknown>) : value;\n  }\n  return out;\n}\n\n`;
        break;
      default:
        s += `export type ${cap(fn)}Result = { ok: true; value: number } | { ok: false; reason: string };\n\nexport function ${fn}(raw: unknown): ${cap(fn)}Result {\n  const n = typeof raw === 'string' ? Number.parseFloat(raw) : typeof raw === 'number' ? raw : Number.NaN;\n  return Number.isFinite(n) ? { ok: true, value: n } : { ok: false, reason: \`not a number: \${String(raw)}\` };\n}\n\n`;
    }
  }
  return s;
}

function testFile(e, size) {
  const E = cap(e);
  let s = `import { describe, expect, it, beforeEach } from 'vitest';\nimport { ${E}Entity, ${E}Status } from '../models/${e}';\n\ndescribe('${E}Entity', () => {\n  let entity: ${E}Entity;\n\n  beforeEach(() => {\n    entity = new ${E}Entity({ id: '${e}-1' });\n  });\n`;
  for (let i = 0; i < size; i++) {
    s += `\n  it('${pick(VERBS)}s ${pick(NOUNS)} (${i})', () => {\n    const other = new ${E}Entity({ id: '${e}-${i + 2}' });\n    expect(entity.id).toBe('${e}-1');\n    expect(other.id).not.toBe(entity.id);\n    expect(Object.values(${E}Status).length).toBeGreaterThan(${int(0, 2)});\n  });\n`;
  }
  s += `});\n`;
  return s;
}

function jsFile(name, size) {
  let s = `'use strict';\n\nconst path = require('node:path');\nconst { EventEmitter } = require('node:events');\n\n`;
  const exported = [];
  for (let i = 0; i < size; i++) {
    const fn = camel(pick(VERBS), pick(NOUNS)) + i;
    exported.push(fn);
    s += `function ${fn}(input, options) {\n  const opts = Object.assign({ depth: ${int(1, 5)}, root: path.resolve('.') }, options);\n  if (!input) return null;\n  const out = [];\n  for (const key of Object.keys(input)) {\n    if (key.startsWith('_')) continue;\n    out.push({ key, value: input[key], depth: opts.depth });\n  }\n  return out;\n}\n\n`;
  }
  s += `class ${cap(camel(...name.split('-')))}Emitter extends EventEmitter {\n  constructor() {\n    super();\n    this.count = 0;\n  }\n\n  bump() {\n    this.count += 1;\n    this.emit('bump', this.count);\n  }\n}\n\n`;
  s += `module.exports = { ${[...exported, `${cap(camel(...name.split('-')))}Emitter`].join(', ')} };\n`;
  return s;
}

function tsxFile(e, size) {
  const E = cap(e);
  let s = `import * as React from 'react';\nimport type { ${E} } from '../models/${e}';\n\nexport interface ${E}ListProps {\n  items: ${E}[];\n  onSelect?: (item: ${E}) => void;\n}\n\nexport function ${E}List({ items, onSelect }: ${E}ListProps): JSX.Element {\n  const [selected, setSelected] = React.useState<string | null>(null);\n  return (\n    <ul className="${e}-list">\n      {items.map((item) => (\n        <li key={item.id} className={item.id === selected ? 'selected' : undefined} onClick={() => { setSelected(item.id); onSelect?.(item); }}>\n          {item.id}\n        </li>\n      ))}\n    </ul>\n  );\n}\n`;
  for (let i = 0; i < size; i++) s += `\nexport const ${E}Badge${i} = ({ label }: { label: string }) => <span className="badge badge-${i}">{label}</span>;\n`;
  return s;
}

const SHARED_UTILS = {
  logger: `export interface Logger {\n  info(message: string, meta?: Record<string, unknown>): void;\n  warn(message: string, meta?: Record<string, unknown>): void;\n  error(message: string, meta?: Record<string, unknown>): void;\n}\n\nexport const consoleLogger: Logger = {\n  info: (m, meta) => console.log(m, meta ?? ''),\n  warn: (m, meta) => console.warn(m, meta ?? ''),\n  error: (m, meta) => console.error(m, meta ?? ''),\n};\n`,
  'event-bus': `import { EventEmitter } from 'node:events';\n\nexport class EventBus extends EventEmitter {\n  emitAsync(event: string, payload: unknown): Promise<void> {\n    return new Promise((resolve) => {\n      setImmediate(() => {\n        this.emit(event, payload);\n        resolve();\n      });\n    });\n  }\n}\n`,
  errors: `export class ServiceError extends Error {\n  constructor(\n    readonly code: string,\n    message: string,\n  ) {\n    super(message);\n    this.name = 'ServiceError';\n  }\n}\n`,
};

// ---------------------------------------------------------------------------------------------
// RabbitMQ code, in the shapes people write

const queueName = () => pick(QUEUES) + (chance(0.3) ? `-${int(1, 9)}` : '');

/** Options objects as found in real code: legal, deprecated, refused by 4.x. */
function queueOptions() {
  switch (int(0, 9)) {
    case 0:
      return `{ durable: true }`;
    case 1:
      return `{ durable: true, arguments: { 'x-queue-type': 'quorum' } }`;
    case 2:
      return `{ durable: false, arguments: { 'x-queue-type': 'quorum' } }`;
    case 3:
      return `{ durable: true, arguments: { 'x-queue-type': 'quorum', 'x-max-priority': 10 } }`;
    case 4:
      return `{ durable: true, arguments: { 'x-queue-master-locator': 'min-masters' } }`;
    case 5:
      return `{ exclusive: false, autoDelete: true, durable: false }`;
    case 6:
      return `{ durable: true, maxPriority: 5, messageTtl: 60000 }`;
    case 7:
      return `{ durable: true, arguments: { 'x-queue-type': 'stream', 'x-max-length-bytes': 2000000000 } }`;
    case 8:
      return `{ durable: true, arguments: { 'x-queue-mode': 'lazy' } }`;
    default:
      return `{ durable: true, deadLetterExchange: 'dlx', arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 5 } }`;
  }
}

function businessMethods(E, n) {
  let s = '';
  for (let i = 0; i < n; i++) s += '\n' + indent(`private ${camel(pick(VERBS), pick(NOUNS))}${i}(body: Record<string, unknown>): string[] {\n  const out: string[] = [];\n  for (const [key, value] of Object.entries(body)) {\n    if (value === undefined) continue;\n    out.push(\`\${key}=\${JSON.stringify(value)}\`);\n  }\n  return out.sort();\n}\n`, 2);
  return s;
}

/** amqplib, promise API: a consumer class. */
function amqplibConsumer(E, q, n, cfg) {
  const noAck = chance(0.3);
  const imports = cfg ? `import { ${cfg.queue}, ${cfg.options} } from '${cfg.from}';\n` : '';
  const declare = cfg ? `await this.channel.assertQueue(${cfg.queue}, ${cfg.options});` : `await this.channel.assertQueue('${q}', ${queueOptions()});`;
  const qref = cfg ? cfg.queue : `'${q}'`;
  return `import amqp from 'amqplib';\nimport type { Channel, ChannelModel, ConsumeMessage } from 'amqplib';\n${imports}\nexport class ${E}Consumer {\n  private connection?: ChannelModel;\n  private channel?: Channel;\n\n  constructor(private readonly url = process.env.AMQP_URL ?? 'amqp://localhost') {}\n\n  async start(): Promise<void> {\n    this.connection = await amqp.connect(this.url);\n    this.channel = await this.connection.createChannel();\n    await this.channel.prefetch(${int(1, 50)}${chance(0.2) ? ', true' : ''});\n    ${declare}\n    await this.channel.consume(${qref}, (msg) => this.handle(msg), { noAck: ${noAck} });\n  }\n\n  private async handle(msg: ConsumeMessage | null): Promise<void> {\n    if (!msg || !this.channel) return;\n    const body = JSON.parse(msg.content.toString()) as Record<string, unknown>;\n    const lines = this.describe0(body);\n    console.log('${E.toLowerCase()} message', lines.length);\n${noAck ? '' : '    this.channel.ack(msg);\n'}  }\n\n  async stop(): Promise<void> {\n    await this.channel?.close();\n    await this.connection?.close();\n  }\n${indent(`private describe0(body: Record<string, unknown>): string[] {\n  return Object.keys(body);\n}\n`, 2).replace(/^/, '\n')}${businessMethods(E, n)}}\n`;
}

/** amqplib, promise API: publisher functions (one with a connection per message, a classic churn shape). */
function amqplibPublisher(E, q, n) {
  const confirm = chance(0.5);
  let s = `import * as amqp from 'amqplib';\n\nconst URL = process.env.RABBITMQ_URL || 'amqp://guest:guest@localhost:5672';\n\nexport async function publish${E}(payload: Record<string, unknown>): Promise<void> {\n  const conn = await amqp.connect(URL);\n  const ch = await conn.${confirm ? 'createConfirmChannel' : 'createChannel'}();\n  await ch.assertQueue('${q}', ${queueOptions()});\n  ch.sendToQueue('${q}', Buffer.from(JSON.stringify(payload)), { persistent: true });\n${confirm ? '  await ch.waitForConfirms();\n' : ''}  await ch.close();\n  await conn.close();\n}\n\n`;
  s += `export async function publish${E}Batch(items: Record<string, unknown>[]): Promise<number> {\n  const conn = await amqp.connect(URL);\n  const ch = await conn.createConfirmChannel();\n  await ch.assertExchange('${E.toLowerCase()}.events', 'topic', { durable: true });\n  let sent = 0;\n  for (const item of items) {\n    ch.publish('${E.toLowerCase()}.events', '${E.toLowerCase()}.updated', Buffer.from(JSON.stringify(item)));\n    await ch.waitForConfirms();\n    sent++;\n  }\n  await conn.close();\n  return sent;\n}\n`;
  for (let i = 0; i < n; i++) s += `\nexport function ${camel('build', E, pick(NOUNS))}${i}(input: Record<string, unknown>): Record<string, unknown> {\n  return { ...input, kind: '${E.toLowerCase()}', at: new Date().toISOString(), seq: ${i} };\n}\n`;
  return s;
}

/** amqplib callback API, CommonJS. */
function amqplibCallback(E, q, n) {
  let s = `'use strict';\n\nconst amqp = require('amqplib/callback_api');\n\nfunction start${E}Worker(url, handler) {\n  amqp.connect(url, function (err, conn) {\n    if (err) throw err;\n    conn.createChannel(function (err2, ch) {\n      if (err2) throw err2;\n      ch.assertQueue('${q}', ${queueOptions()});\n      ch.prefetch(${int(1, 20)});\n      ch.consume('${q}', function (msg) {\n        handler(JSON.parse(msg.content.toString()), function () {\n          ch.ack(msg);\n        });\n      }, { noAck: ${chance(0.3)} });\n    });\n  });\n}\n\n`;
  const extra = [];
  for (let i = 0; i < n; i++) {
    const fn = camel(pick(VERBS), E, pick(NOUNS)) + i;
    extra.push(fn);
    s += `function ${fn}(record) {\n  if (!record) return null;\n  return Object.keys(record).reduce(function (acc, key) {\n    acc[key.toLowerCase()] = record[key];\n    return acc;\n  }, {});\n}\n\n`;
  }
  s += `module.exports = { start${E}Worker${extra.map((x) => ', ' + x).join('')} };\n`;
  return s;
}

/** amqp-connection-manager: a channel wrapper with a setup function. */
function acmSetup(E, q, n, cfg) {
  const imports = cfg ? `import { ${cfg.queue}, ${cfg.options} } from '${cfg.from}';\n` : '';
  const declare = cfg ? `channel.assertQueue(${cfg.queue}, ${cfg.options})` : `channel.assertQueue('${q}', ${queueOptions()})`;
  const style = int(0, 2);
  const setup =
    style === 0
      ? `  setup: (channel: ConfirmChannel) =>\n    Promise.all([\n      ${declare},\n      channel.prefetch(${int(1, 30)}),\n      channel.consume(${cfg ? cfg.queue : `'${q}'`}, onMessage, { noAck: ${chance(0.3)} }),\n    ]),\n`
      : style === 1
        ? `  async setup(channel: ConfirmChannel) {\n    await ${declare};\n    await channel.bindQueue(${cfg ? cfg.queue : `'${q}'`}, '${E.toLowerCase()}.events', '#');\n  },\n`
        : `  setup: async (channel: ConfirmChannel) => {\n    await ${declare};\n  },\n`;
  let s = `import amqp, { type ChannelWrapper } from 'amqp-connection-manager';\nimport type { ConfirmChannel, ConsumeMessage } from 'amqplib';\n${imports}\nconst connection = amqp.connect([process.env.AMQP_URL ?? 'amqp://localhost']);\n\nfunction onMessage(msg: ConsumeMessage | null): void {\n  if (msg) console.log('${E.toLowerCase()}', msg.content.length);\n}\n\nexport const ${E.toLowerCase()}Channel: ChannelWrapper = connection.createChannel({\n  json: true,\n${setup}});\n\nexport async function send${E}(event: Record<string, unknown>): Promise<void> {\n  await ${E.toLowerCase()}Channel.sendToQueue(${cfg ? cfg.queue : `'${q}'`}, event);\n}\n`;
  for (let i = 0; i < n; i++) s += `\nexport function ${camel('to', E, pick(NOUNS))}${i}(value: unknown): Record<string, unknown> {\n  return typeof value === 'object' && value !== null ? { ...(value as Record<string, unknown>) } : { value };\n}\n`;
  return s;
}

/** rabbitmq-client: consumer and publisher. */
function rabbitmqClient(E, q, n) {
  let s = `import { Connection } from 'rabbitmq-client';\n\nconst rabbit = new Connection(process.env.RABBITMQ_URL ?? 'amqp://localhost');\n\nexport const ${E.toLowerCase()}Consumer = rabbit.createConsumer(\n  {\n    queue: '${q}',\n    queueOptions: { durable: ${chance(0.7)}${chance(0.5) ? `, arguments: { 'x-queue-type': 'quorum' }` : ''} },\n    qos: { prefetchCount: ${int(1, 20)} },\n    noAck: ${chance(0.3)},\n  },\n  async (msg) => {\n    console.log('${E.toLowerCase()}', msg.body);\n  },\n);\n\nexport const ${E.toLowerCase()}Publisher = rabbit.createPublisher({\n  confirm: true,\n  maxAttempts: 2,\n  queues: [{ queue: '${q}-out', durable: true }],\n});\n`;
  for (let i = 0; i < n; i++) s += `\nexport async function ${camel('emit', E, pick(NOUNS))}${i}(body: Record<string, unknown>): Promise<void> {\n  await ${E.toLowerCase()}Publisher.send('${q}-out', { ...body, seq: ${i} });\n}\n`;
  return s;
}

/** @cloudamqp/amqp-client. */
function cloudamqp(E, q, n) {
  let s = `import { AMQPClient } from '@cloudamqp/amqp-client';\n\nexport async function start${E}Subscriber(url: string): Promise<void> {\n  const client = new AMQPClient(url);\n  const conn = await client.connect();\n  const ch = await conn.channel();\n  await ch.prefetch(${int(1, 20)});\n  await ch.queueDeclare('${q}', { durable: ${chance(0.6)} }${chance(0.5) ? `, { 'x-queue-type': 'quorum' }` : ''});\n  await ch.basicConsume('${q}', { noAck: ${chance(0.4)} }, (msg) => {\n    console.log('${E.toLowerCase()}', msg.bodyToString());\n  });\n}\n`;
  for (let i = 0; i < n; i++) s += `\nexport function ${camel('decode', E, pick(NOUNS))}${i}(raw: string | null): Record<string, unknown> {\n  try {\n    return raw ? (JSON.parse(raw) as Record<string, unknown>) : {};\n  } catch {\n    return {};\n  }\n}\n`;
  return s;
}

/** NestJS microservices over RMQ: a bootstrap and a clients module. */
function nestjs(E, q, n) {
  let s = `import { Module } from '@nestjs/common';\nimport { NestFactory } from '@nestjs/core';\nimport { ClientsModule, MicroserviceOptions, Transport } from '@nestjs/microservices';\n\n@Module({\n  imports: [\n    ClientsModule.register([\n      {\n        name: '${E.toUpperCase()}_SERVICE',\n        transport: Transport.RMQ,\n        options: {\n          urls: [process.env.AMQP_URL ?? 'amqp://localhost:5672'],\n          queue: '${q}',\n          queueOptions: { durable: ${chance(0.6)} },\n        },\n      },\n    ]),\n  ],\n})\nexport class ${E}MessagingModule {}\n\nexport async function bootstrap${E}(): Promise<void> {\n  const app = await NestFactory.createMicroservice<MicroserviceOptions>(${E}MessagingModule, {\n    transport: Transport.RMQ,\n    options: {\n      urls: ['amqp://localhost:5672'],\n      queue: '${q}-rpc',\n      noAck: ${chance(0.5)},\n      prefetchCount: ${int(1, 20)},\n      queueOptions: { durable: true${chance(0.4) ? `, arguments: { 'x-queue-type': 'quorum' }` : ''} },\n    },\n  });\n  await app.listen();\n}\n`;
  for (let i = 0; i < n; i++) s += `\nexport function ${camel('map', E, pick(NOUNS))}${i}(input: Record<string, unknown>): Record<string, unknown> {\n  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));\n}\n`;
  return s;
}

/** A wrapper declared in one file and called from another (a relative import). */
function wrapperModule() {
  return `import type { Channel } from 'amqplib';\n\n/** Every work queue is declared the same way across the services. */\nexport async function declareWorkQueue(channel: Channel, name: string, durable = true): Promise<void> {\n  await channel.assertQueue(name, { durable, arguments: { 'x-queue-type': 'quorum', 'x-max-priority': 5 } });\n}\n`;
}

function wrapperCaller(E, q, n) {
  let s = `import amqp from 'amqplib';\nimport { declareWorkQueue } from './declare-work-queue';\n\nexport async function setup${E}Queues(url: string): Promise<void> {\n  const conn = await amqp.connect(url);\n  const ch = await conn.createChannel();\n  await declareWorkQueue(ch, '${q}');\n  await declareWorkQueue(ch, '${q}-retry', ${chance(0.5)});\n  await ch.close();\n  await conn.close();\n}\n`;
  for (let i = 0; i < n; i++) s += `\nexport const ${camel(E.toLowerCase(), pick(NOUNS))}${i} = ['${q}', '${q}-retry'].map((name) => \`\${name}.${i}\`);\n`;
  return s;
}

/** The constants module the RabbitMQ files import: it does not mention any client. */
function queueConfig(app) {
  const Q = app.replace(/-/g, '_').toUpperCase();
  return {
    text: `// Queue names and options for ${app}. Shared by the producers and the consumers.\n\nexport const ${Q}_QUEUE = '${app}.work';\n\nexport const ${Q}_QUEUE_OPTIONS = {\n  durable: true,\n  arguments: {\n    'x-queue-type': 'quorum',\n    'x-message-ttl': 86400000,\n  },\n};\n\nexport const ${Q}_RETRY_LIMIT = ${int(3, 10)};\n`,
    queue: `${Q}_QUEUE`,
    options: `${Q}_QUEUE_OPTIONS`,
  };
}

const RABBIT_SHAPES = [
  { name: 'amqplib-consumer', ext: '.ts', gen: amqplibConsumer, weight: 3, cfg: true },
  { name: 'amqplib-publisher', ext: '.ts', gen: amqplibPublisher, weight: 2 },
  { name: 'amqplib-callback', ext: '.js', gen: amqplibCallback, weight: 2 },
  { name: 'acm-setup', ext: '.ts', gen: acmSetup, weight: 3, cfg: true },
  { name: 'rabbitmq-client', ext: '.ts', gen: rabbitmqClient, weight: 1 },
  { name: 'cloudamqp', ext: '.ts', gen: cloudamqp, weight: 1 },
  { name: 'nestjs', ext: '.ts', gen: nestjs, weight: 1 },
  { name: 'wrapper-caller', ext: '.ts', gen: wrapperCaller, weight: 1 },
];
const SHAPE_BAG = RABBIT_SHAPES.flatMap((s) => Array(s.weight).fill(s));

// ---------------------------------------------------------------------------------------------
// Corpus assembly

/** A size class for a file: mostly small and medium, a long tail of large ones. */
function sizeClass() {
  const r = rnd();
  if (r < 0.3) return int(1, 3);
  if (r < 0.8) return int(3, 9);
  if (r < 0.96) return int(10, 22);
  return int(25, 60);
}

function writeFile(root, rel, text, stats) {
  const abs = path.join(root, rel);
  fs.mkdirSync(path.dirname(abs), { recursive: true });
  fs.writeFileSync(abs, text);
  stats.files++;
  stats.bytes += Buffer.byteLength(text);
  stats.lines += text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

function initRepo(root) {
  fs.rmSync(root, { recursive: true, force: true });
  fs.mkdirSync(root, { recursive: true });
  fs.writeFileSync(path.join(root, '.gitignore'), 'node_modules/\ndist/\ncoverage/\n*.log\n.env\n');
  try {
    execFileSync('git', ['init', '-q'], { cwd: root, stdio: 'ignore' });
  } catch {
    fs.mkdirSync(path.join(root, '.git'));
  }
}

function rabbitFile(root, dir, stats, withConfig) {
  const shape = pick(SHAPE_BAG);
  const e = pick(ENTITIES);
  const E = cap(e);
  const q = queueName();
  const n = sizeClass();
  let cfg;
  if (shape.cfg && withConfig && chance(0.5)) cfg = withConfig;
  const base = `${dir}/messaging/${e}-${kebab(shape.name)}-${stats.rabbit}`;
  if (shape.name === 'wrapper-caller' && !fs.existsSync(path.join(root, dir, 'messaging/declare-work-queue.ts'))) {
    writeFile(root, `${dir}/messaging/declare-work-queue.ts`, wrapperModule(), stats);
    stats.rabbit++;
  }
  writeFile(root, base + shape.ext, shape.gen(E, q, n, cfg), stats);
  stats.rabbit++;
  stats.shapes[shape.name] = (stats.shapes[shape.name] ?? 0) + 1;
}

function generateSparse(root) {
  rnd = mulberry32(SEED);
  initRepo(root);
  const stats = { files: 0, bytes: 0, lines: 0, rabbit: 0, shapes: {} };
  const modules = [];
  for (const app of APPS) modules.push({ dir: `apps/${app}/src`, app });
  for (const pkg of PACKAGES) modules.push({ dir: `packages/${pkg}/src`, app: pkg });
  for (const m of modules) {
    fs.mkdirSync(path.join(root, m.dir, '..'), { recursive: true });
    writeFile(root, `${m.dir}/../package.json`, JSON.stringify({ name: `@acme/${m.app}`, version: '1.0.0', main: 'dist/index.js' }, null, 2) + '\n', stats);
    for (const [name, text] of Object.entries(SHARED_UTILS)) writeFile(root, `${m.dir}/utils/${name}.ts`, text, stats);
  }
  writeFile(root, 'package.json', JSON.stringify({ name: 'acme-platform', private: true, workspaces: ['apps/*', 'packages/*'] }, null, 2) + '\n', stats);
  writeFile(root, 'tsconfig.json', JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'commonjs', strict: true, jsx: 'react-jsx' } }, null, 2) + '\n', stats);
  const configs = new Map();
  const sourceFiles = () => stats.files - stats.json;
  stats.json = modules.length + 2;
  let k = 0;
  while (stats.lines < SPARSE_LINES) {
    const m = modules[k % modules.length];
    k++;
    // About one source file in a hundred uses RabbitMQ.
    if (stats.rabbit < Math.round(sourceFiles() * RABBIT_SHARE)) {
      if (!configs.has(m.dir)) {
        const cfg = queueConfig(m.app);
        writeFile(root, `${m.dir}/config/queues.ts`, cfg.text, stats);
        configs.set(m.dir, { ...cfg, from: '../config/queues' });
      }
      rabbitFile(root, m.dir, stats, configs.get(m.dir));
      continue;
    }
    const e = pick(ENTITIES);
    const size = sizeClass();
    const r = rnd();
    const suffix = k; // unique names: the same entity recurs in a module
    if (r < 0.14) writeFile(root, `${m.dir}/models/${e}${suffix}.ts`, modelFile(e, size), stats);
    else if (r < 0.34) writeFile(root, `${m.dir}/services/${e}${suffix}.service.ts`, serviceFile(e, size), stats);
    else if (r < 0.44) writeFile(root, `${m.dir}/repositories/${e}${suffix}.repository.ts`, repositoryFile(e, size), stats);
    else if (r < 0.54) writeFile(root, `${m.dir}/controllers/${e}${suffix}.controller.ts`, controllerFile(e, size), stats);
    else if (r < 0.70) writeFile(root, `${m.dir}/utils/${kebab(camel(pick(VERBS), pick(NOUNS)))}-${suffix}.ts`, utilFile(e, size), stats);
    else if (r < 0.88) writeFile(root, `${m.dir}/__tests__/${e}${suffix}.test.ts`, testFile(e, size), stats);
    else if (r < 0.97) writeFile(root, `${m.dir}/legacy/${kebab(camel(pick(VERBS), pick(NOUNS)))}-${suffix}.js`, jsFile(`${e}-${pick(NOUNS)}`, size), stats);
    else writeFile(root, `${m.dir}/components/${cap(e)}List${suffix}.tsx`, tsxFile(e, size), stats);
  }
  return stats;
}

function generateDense(root) {
  rnd = mulberry32(SEED ^ 0x5eed);
  initRepo(root);
  const stats = { files: 0, bytes: 0, lines: 0, rabbit: 0, shapes: {} };
  let k = 0;
  while (stats.rabbit < DENSE_FILES) {
    const app = APPS[k % APPS.length];
    k++;
    rabbitFile(root, `apps/${app}/src`, stats, undefined);
  }
  return stats;
}

function main() {
  const stamp = path.join(OUT, '.generated.json');
  const want = { version: VERSION, seed: SEED, sparseLines: SPARSE_LINES, denseFiles: DENSE_FILES };
  if (!args.includes('--force') && fs.existsSync(stamp)) {
    const have = JSON.parse(fs.readFileSync(stamp, 'utf8'));
    if (JSON.stringify(have.params) === JSON.stringify(want)) {
      console.log(`corpus: up to date (${path.relative(process.cwd(), OUT)}, seed ${SEED}); --force regenerates`);
      return;
    }
  }
  fs.mkdirSync(OUT, { recursive: true });
  const sparse = generateSparse(path.join(OUT, 'sparse'));
  const dense = generateDense(path.join(OUT, 'dense'));
  fs.writeFileSync(stamp, JSON.stringify({ params: want, sparse, dense }, null, 2) + '\n');
  const mb = (b) => (b / 1e6).toFixed(2);
  console.log(`corpus: sparse ${sparse.files} files, ${sparse.lines} lines, ${mb(sparse.bytes)} MB, ${sparse.rabbit} using RabbitMQ ${JSON.stringify(sparse.shapes)}`);
  console.log(`corpus: dense  ${dense.files} files, ${dense.lines} lines, ${mb(dense.bytes)} MB, ${dense.rabbit} using RabbitMQ ${JSON.stringify(dense.shapes)}`);
}

main();
