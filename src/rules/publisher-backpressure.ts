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
    dependsOn:
      "what it must see: the publish ignores what the library returns (amqplib's false, or the promise of rabbitmq-client, @cloudamqp/amqp-client or amqp-connection-manager, whose wrapper waits for 'drain' itself but keeps every message in memory until then), no wait for 'drain' in the publish's own function (or the loop's), and what repeats it. Warning for a loop the code shows unbounded (`while (true)`, `for (;;)`, a stream or cursor read item by item, a queue drained) or over items whose size the code does not bound (named in the message); info, with the reason, for a loop over one request's payload, a publish once per HTTP request, and an awaited publish on a receiver that may be amqp-connection-manager's ChannelWrapper; nothing for a loop over items or a count the code writes out, or over one page of a query",
  },
  checkPublish(p): Violation[] {
    const pacing = p.pacing;
    // A consume (event, RPC) handler is fed by the broker, at the pace its prefetch allows: not this rule's case.
    if (!pacing?.repeated || pacing.waitsForDrain || pacing.collected || pacing.repeatedBy === 'message') return [];
    // A channel opened for the message it sends holds one write: its buffer never fills (connection-churn reports the opening).
    if (pacing.channelPerRun) return [];
    const bound = pacing.bound;
    // A loop over the few items the code writes out, or over one page of a query, ends soon.
    if (bound?.kind === 'bounded' && bound.by !== 'request') return [];
    const unit = pacing.repeated;
    const inLoop = pacing.repeatedBy === 'loop';
    // Per request, the buffer fills only while the broker is slower than the requests (or blocks the connection), and a
    // loop over one request's payload only by that request's messages: info. A loop shown unbounded, or over items whose
    // size the code does not bound, warns.
    const severity = inLoop && bound?.kind !== 'bounded' ? 'warning' : 'info';
    const over = inLoop && bound ? ` over ${bound.what}` : '';
    const hedge = inLoop && bound?.kind === 'bounded' ? " The loop is bounded by the request, so the buffer grows by one request's messages at a time, while the broker is slower than the requests." : '';
    const via = unit.via.length ? ` (through ${unit.via.map((v) => `${v.name} at ${v.file}:${v.line}`).join(', ')})` : '';
    const where = inLoop ? `in a loop at ${unit.file}:${unit.line}${via}${over}` : `once per request (${unit.kind} at ${unit.file}:${unit.line}${via})`;
    // The code awaits the result as a promise and the receiver may be a wrapper that waits for 'drain' itself: a hedge in a loop.
    if (pacing.returnsDoubt) {
      if (!inLoop) return [];
      return [
        {
          severity: 'info',
          message: `${p.callee} runs ${where} and the code awaits what it returns, but ${pacing.returnsDoubt}. If this is amqplib's channel, sendToQueue and publish return a boolean and the await does not wait for the write buffer; if it is a ChannelWrapper, each awaited publish waits for the channel and the loop is paced.`,
          advice: `check what the receiver is: for an amqplib channel, wait when the buffer is full (\`if (!${p.callee.replace(/\(\)$/, '')}(...)) await once(channel, 'drain')\`); for amqp-connection-manager's ChannelWrapper nothing is needed`,
        },
      ];
    }
    if (pacing.signal === 'false-then-drain') {
      const channel = p.callee.replace(/\.[A-Za-z_$][\w$]*\(\)$/, '') || 'ch';
      const call = p.callee.replace(/\(\)$/, '');
      return [
        {
          severity,
          message: `${p.callee} runs ${where} and ignores what it returns: once the channel's write buffer is full it returns false, and every message published after that waits in the process's memory. Nothing here waits for the channel's 'drain' event, so ${inLoop ? 'the loop' : 'a burst of requests, or a broker that blocks the connection under a memory alarm,'} grows the process's memory${hedge ? '.' : ' without bound.'}${hedge}`,
          advice: `wait when the buffer is full: \`if (!${call}(...)) await once(${channel}, 'drain')\` (once from node:events), so that ${inLoop ? 'the loop' : 'the request'} waits instead of the memory growing; publisher confirms do not do this (they say the broker has the message, not that the buffer has room)`,
        },
      ];
    }
    return [
      {
        severity,
        message: `${p.callee} runs ${where} and drops the promise it returns, which settles once the message is written${p.confirms.kind !== 'unknown' && p.confirms.value ? ' and confirmed' : ''}: nothing waits for it, so every message waits in the library's buffer in the process's memory, and a failed publish goes unnoticed.${hedge}`,
        advice: inLoop
          ? 'await each publish, or collect the promises and await them in batches (e.g. `await Promise.all(batch)` every 1000 messages), so that the loop waits for the library'
          : 'await the publish in the handler (the request then waits while the broker is slow or blocks the connection), and handle its rejection',
      },
    ];
  },
};
