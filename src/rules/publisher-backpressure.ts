// Rule publisher-backpressure: a publish in a loop or a per-request path that never waits for the library's buffer.
import { ALL_TARGETS, type PublishRule, type Violation } from './types';

/**
 * amqplib's publish and sendToQueue write into the channel's buffer and return false once it is full; the
 * channel emits 'drain' when it has room again. Nothing stops the code from publishing on: every message
 * after that waits in the process's memory (a broker under a memory alarm blocks the connection, and the
 * buffer then only grows). The promise-returning clients (rabbitmq-client, @cloudamqp/amqp-client,
 * amqp-connection-manager) settle a publish's promise once the message is written or confirmed: a loop
 * that drops the promise buffers the same way. A loop that tests the result and waits for 'drain', or
 * awaits each promise (or a batch of them), is paced.
 */
export const publisherBackpressure: PublishRule = {
  meta: {
    id: 'publisher-backpressure',
    title: "A publish in a loop or per request that never waits for the library's write buffer: memory grows without bound",
    appliesTo: 'publish',
    severity: ALL_TARGETS('warning'),
    fixable: 'annotate',
    docs: 'publisher-backpressure',
    dependsOn: 'warning, annotated, for a publish in a loop that does not wait; info (reported only) for one that runs once per HTTP request (the buffer grows while the broker is slower than the requests or blocks the connection)',
  },
  checkPublish(p): Violation[] {
    const pacing = p.pacing;
    // A consume (event, RPC) handler is fed by the broker, at the pace its prefetch allows: not this rule's case.
    if (!pacing?.repeated || pacing.waitsForDrain || pacing.collected || pacing.repeatedBy === 'message') return [];
    // A channel opened for the message it sends holds one write: its buffer never fills (connection-churn reports the opening).
    if (pacing.channelPerRun) return [];
    const unit = pacing.repeated;
    const inLoop = pacing.repeatedBy === 'loop';
    const via = unit.via.length ? ` (through ${unit.via.map((v) => `${v.name} at ${v.file}:${v.line}`).join(', ')})` : '';
    const where = inLoop ? `in a loop at ${unit.file}:${unit.line}${via}` : `once per request (${unit.kind} at ${unit.file}:${unit.line}${via})`;
    // Per request, the buffer fills only while the broker is slower than the requests (or blocks the connection): info.
    const severity = inLoop ? 'warning' : 'info';
    if (pacing.signal === 'false-then-drain') {
      const channel = p.callee.replace(/\.[A-Za-z_$][\w$]*\(\)$/, '') || 'ch';
      const call = p.callee.replace(/\(\)$/, '');
      return [
        {
          severity,
          message: `${p.callee} runs ${where} and ignores what it returns: once the channel's write buffer is full it returns false, and every message published after that waits in the process's memory. Nothing here waits for the channel's 'drain' event, so ${inLoop ? 'the loop' : 'a burst of requests, or a broker that blocks the connection under a memory alarm,'} grows the process's memory without bound.`,
          advice: `wait when the buffer is full: \`if (!${call}(...)) await once(${channel}, 'drain')\` (once from node:events), so that ${inLoop ? 'the loop' : 'the request'} waits instead of the memory growing; publisher confirms do not do this (they say the broker has the message, not that the buffer has room)`,
        },
      ];
    }
    return [
      {
        severity,
        message: `${p.callee} runs ${where} and drops the promise it returns, which settles once the message is written${p.confirms.kind !== 'unknown' && p.confirms.value ? ' and confirmed' : ''}: nothing waits for it, so every message waits in the library's buffer in the process's memory, and a failed publish goes unnoticed.`,
        advice: inLoop
          ? 'await each publish, or collect the promises and await them in batches (e.g. `await Promise.all(batch)` every 1000 messages), so that the loop waits for the library'
          : 'await the publish in the handler (the request then waits while the broker is slow or blocks the connection), and handle its rejection',
      },
    ];
  },
};
