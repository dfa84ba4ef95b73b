// The TypeScript files the language-server benchmark edits: a sparse one (a declaration every 50
// lines) and a dense one (a declaration or consumer every few lines, hundreds of rewrites).

/** `lines` lines with one amqplib declaration every `every` lines, half of them refused. */
export function sparse(lines, every, seed) {
  const out = ["import amqp from 'amqplib';", 'import type { Channel } from "amqplib";', ''];
  let n = 0;
  while (out.length < lines - 4) {
    if (out.length % every === 0) {
      n++;
      out.push(`export async function declare${seed}_${n}(ch: Channel) {`);
      out.push(`  await ch.assertQueue('queue-${seed}-${n}', { durable: ${n % 2 === 0}, arguments: { 'x-queue-type': 'classic' } });`);
      out.push('}');
    } else {
      out.push(`export const value${seed}_${out.length} = [${out.length}, 'padding', { nested: ${out.length % 7} }].map((x) => String(x)).join('-');`);
    }
  }
  out.push('export async function main(url: string) {', '  const ch = await (await amqp.connect(url)).createChannel();', `  await declare${seed}_1(ch);`, '}');
  return `${out.join('\n')}\n`;
}

/**
 * `lines` lines of the shapes services are written in, one after the other: consumer setup functions,
 * quorum queues with refused arguments, option constants with deprecated arguments, worker classes.
 */
export function dense(lines) {
  const out = ["import amqp from 'amqplib';", "import type { Channel, ConsumeMessage } from 'amqplib';", '', 'declare function handle(msg: ConsumeMessage | null): Promise<void>;', ''];
  const blocks = [
    (n) => [
      `export async function consumeOrders${n}(ch: Channel) {`,
      `  await ch.assertQueue('orders-${n}', { durable: false });`,
      '  await ch.prefetch(20);',
      `  await ch.consume('orders-${n}', async (msg) => { if (msg) { await handle(msg); ch.ack(msg); } });`,
      '}',
    ],
    (n) => [
      `export async function declareEvents${n}(ch: Channel) {`,
      `  await ch.assertQueue('events-${n}', { durable: true, arguments: { 'x-queue-type': 'quorum', 'x-max-priority': 10, 'x-delivery-limit': 5 } });`,
      `  await ch.consume('events-${n}', handle, { noAck: true });`,
      '}',
    ],
    (n) => [
      `const LEGACY_${n} = { durable: true, arguments: { 'x-queue-master-locator': 'min-masters', 'x-queue-mode': 'lazy' } };`,
      `export const declareLegacy${n} = (ch: Channel) => ch.assertQueue('legacy-${n}', LEGACY_${n});`,
    ],
    (n) => [
      `export class Worker${n} {`,
      '  constructor(private readonly ch: Channel) {}',
      '  async start() {',
      `    await this.ch.assertQueue('work-${n}', { exclusive: false, durable: false, autoDelete: true });`,
      `    await this.ch.consume('work-${n}', (m) => m && this.ch.ack(m));`,
      '  }',
      '}',
    ],
  ];
  const tail = ['export async function main(url: string) {', '  const ch = await (await amqp.connect(url)).createChannel();', '  await consumeOrders1(ch);', '}'];
  for (let n = 1; ; n++) {
    const block = blocks[(n - 1) % blocks.length](n);
    if (out.length + block.length + tail.length > lines) break;
    out.push(...block);
  }
  while (out.length + tail.length < lines) out.push('');
  out.push(...tail);
  return `${out.join('\n')}\n`;
}
