// Hover on a finding over stdio: the rule, the broker's reply, what to do, the migration guide.
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { MarkupContent } from 'vscode-languageserver-protocol/node';
import { ROOT } from '../helpers';
import { DEFAULT_CAPABILITIES, fileUri, LspSession } from './lsp-session';
import { ORDERS_WORKER } from './worker-fixtures';

let session: LspSession | undefined;
afterEach(() => session?.dispose());

const uri = fileUri('orders-worker.ts');
const MIGRATION = pathToFileURL(path.join(ROOT, 'MIGRATION.md')).href;
/** The 0-based position of `what` (the first occurrence after `after`) in the worker. */
const positionOf = (what: string, after = '') => {
  const before = ORDERS_WORKER.slice(0, ORDERS_WORKER.indexOf(what, ORDERS_WORKER.indexOf(after))).split('\n');
  return { line: before.length - 1, character: before[before.length - 1].length };
};

async function opened(options: Parameters<typeof LspSession.start>[0] = {}): Promise<LspSession> {
  session = await LspSession.start(options);
  await session.open(uri, ORDERS_WORKER);
  await session.diagnostics(uri, 1);
  return session;
}

const TRANSIENT = [
  '**A non-durable, non-exclusive (transient) queue: refused by default from RabbitMQ 4.3** (`transient-nonexclusive-queue`, error)',
  "queue 'orders.created' is transient (durable: false) and not exclusive: RabbitMQ 4.3 refuses to declare it and closes the connection.",
  '**The broker replies:** `` 541 INTERNAL_ERROR - Feature `transient_nonexcl_queues` is deprecated. ``',
  '**Quick fix:** set durable: true',
  expect.stringMatching(/^\*\*A queue that already exists:\*\* A transient queue is deleted when its node restarts.* Deploy this change after the broker upgrade/),
  `[MIGRATION.md#transient-nonexclusive-queue](${MIGRATION}#transient-nonexclusive-queue)`,
];

describe('lsp hover on a finding', () => {
  it("shows the rule's title, the broker's exact reply, what to do and the MIGRATION.md section, over the finding's range", async () => {
    const s = await opened();
    const at = positionOf('false', "'orders.created'");
    const hover = await s.hover(uri, { ...at, character: at.character + 2 });
    expect((hover!.contents as MarkupContent).kind).toBe('markdown');
    expect((hover!.contents as MarkupContent).value.split('\n\n')).toEqual(TRANSIENT);
    expect(hover!.range).toEqual({ start: at, end: { ...at, character: at.character + 'false'.length } });
  });

  it('shows every finding at the position: a declaration refused for one argument and warned about as a whole', async () => {
    const s = await opened();
    const value = ((await s.hover(uri, positionOf('10', "'x-max-priority'")))!.contents as MarkupContent).value;
    const [limit, argument] = value.split('\n\n---\n\n');
    expect(limit).toMatch(/^\*\*A quorum queue with no delivery limit .*\(`quorum-delivery-limit-default`, info\)\n\n.*\n\n\*\*What to do:\*\* set a dead-letter exchange or a delivery limit/s);
    expect(argument.split('\n\n')).toEqual([
      '**An x-argument the queue type does not accept: refused with 406** (`queue-argument-not-supported`, error)',
      expect.stringMatching(/^queue 'payments' is a quorum queue and sets x-max-priority/),
      "**The broker replies:** `406 PRECONDITION_FAILED - invalid arg 'x-max-priority' for queue 'payments' in vhost '/' of queue type rabbit_quorum_queue`",
      '**Quick fix:** remove x-max-priority',
      expect.stringMatching(/^\*\*A queue that already exists:\*\* /),
      `[MIGRATION.md#queue-argument-not-supported](${MIGRATION}#queue-argument-not-supported)`,
    ]);
  });

  it('has nothing to show off a finding', async () => {
    const s = await opened();
    expect(await s.hover(uri, positionOf('EXCHANGE'))).toBeNull();
  });

  it('sends plain text to a client that takes no markdown', async () => {
    const s = await opened({ capabilities: { ...DEFAULT_CAPABILITIES, textDocument: { ...DEFAULT_CAPABILITIES.textDocument, hover: { contentFormat: ['plaintext'] } } } });
    const { kind, value } = (await s.hover(uri, positionOf('false', "'orders.created'")))!.contents as MarkupContent;
    expect(kind).toBe('plaintext');
    expect(value.split('\n\n').slice(0, 3)).toEqual([
      'A non-durable, non-exclusive (transient) queue: refused by default from RabbitMQ 4.3 (transient-nonexclusive-queue, error)',
      TRANSIENT[1],
      'The broker replies: 541 INTERNAL_ERROR - Feature `transient_nonexcl_queues` is deprecated.',
    ]);
    expect(value).toContain(`MIGRATION.md#transient-nonexclusive-queue: ${MIGRATION}#transient-nonexclusive-queue`);
  });
});

describe('lsp hover on a consumer', () => {
  const consumerUri = fileUri('billing-worker.js');
  const WORKER = [
    "const amqp = require('amqplib');",
    '',
    'async function main() {',
    '  const conn = await amqp.connect(process.env.AMQP_URL);',
    '  const ch = await conn.createChannel();',
    "  await ch.prefetch(Number(process.env.BILLING_PREFETCH || '20'));",
    "  await ch.consume(process.env.BILLING_QUEUE || 'billing', async (msg) => {",
    '    if (!msg) return;',
    '    ch.ack(msg);',
    '  });',
    '}',
    'main();',
    '',
  ].join('\n');

  it("shows its row of the consumers table: the queue and the prefetch, each with where it comes from", async () => {
    session = await LspSession.start({});
    await session.open(consumerUri, WORKER);
    await session.diagnostics(consumerUri, 1);
    const line = WORKER.split('\n').findIndex((l) => l.includes('ch.consume('));
    const hover = await session.hover(consumerUri, { line, character: WORKER.split('\n')[line].indexOf('consume') });
    const value = (hover!.contents as MarkupContent).value;
    expect(value).toMatch(/^\*\*Consumer\*\* \(amqplib\): safe/);
    expect(value).toContain('ack: manual');
    expect(value).toMatch(/queue name: .*BILLING_QUEUE/);
    expect(value).toMatch(/prefetch: .*20/);
    expect(value).toMatch(/prefetch from: .*BILLING_PREFETCH/);
  });
});
