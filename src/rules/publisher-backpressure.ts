// Rule publisher-backpressure: a publish in a loop that never waits for the library's buffer, over items the loop does not bound.
import { ALL_TARGETS, type PublishRule, type Violation } from './types';

/**
 * amqplib's publish and sendToQueue write into the channel's buffer and return false once it is full; the
 * channel emits 'drain' when it has room again. Nothing stops the code from publishing on: every message
 * after that waits in the process's memory (a broker under a memory alarm blocks the connection, and the
 * buffer then only grows). The promise-returning clients (rabbitmq-client, @cloudamqp/amqp-client,
 * amqp-connection-manager) settle a publish's promise once the message is written or confirmed: a loop
 * that drops the promise buffers the same way. A loop that tests the result and waits for 'drain', or
 * awaits each promise (or a batch of them), is paced. One publish per request or per consumed message is
 * not a loop: the buffer holds what the requests or deliveries in flight send.
 */
export const publisherBackpressure: PublishRule = {
  meta: {
    id: 'publisher-backpressure',
    title: "A publish in a loop that never waits for the library's write buffer: memory grows with every item",
    appliesTo: 'publish',
    severity: ALL_TARGETS('warning'),
    fixable: 'annotate',
    docs: 'publisher-backpressure',
    dependsOn:
      "what it must see: a loop that repeats the publish (in its function, or around a call of it), the publish ignoring what the library returns (amqplib's false, or the promise of rabbitmq-client, @cloudamqp/amqp-client or amqp-connection-manager, whose wrapper waits for 'drain' itself but keeps every message in memory until then), no wait for 'drain' in the publish's own function (or the loop's), and what bounds the loop. Warning for a loop the code shows unbounded (`while (true)`, `for (;;)`, a stream or cursor read item by item, a queue drained) or over more items than a buffer should hold (a count or list of more than 1000 written out); info, with the reason, for a loop over items whose number the code does not show (a parameter, a collection from elsewhere), and for an awaited publish on a receiver that may be amqp-connection-manager's ChannelWrapper; nothing for one publish per request or per consumed message, a loop over one request's, message's or event's payload, over a few items or a count the code writes out, over one page of a query, or over the caller's list on a channel opened and closed for it",
  },
  checkPublish(p): Violation[] {
    const pacing = p.pacing;
    // One publish per request or consumed message is not a loop: the buffer holds what is in flight, not a backlog.
    if (!pacing?.repeated || pacing.repeatedBy !== 'loop' || pacing.waitsForDrain || pacing.collected) return [];
    // A channel opened for this run holds only what this run sends (connection-churn reports the opening).
    if (pacing.channelPerRun) return [];
    const bound = pacing.bound;
    // A loop over one payload, the few items the code writes out, or one page of a query ends soon.
    if (!bound || bound.kind === 'bounded') return [];
    const unit = pacing.repeated;
    const shown = bound.kind !== 'unknown';
    const severity = shown ? 'warning' : 'info';
    const via = unit.via.length ? ` (through ${unit.via.map((v) => `${v.name} at ${v.file}:${v.line}`).join(', ')})` : '';
    const where = `in a loop at ${unit.file}:${unit.line}${via} over ${bound.what}`;
    // How far the buffer grows: without bound, with the count written out, or with a number of items the code does not show.
    const grows =
      bound.kind === 'unbounded'
        ? "the loop grows the process's memory without bound"
        : bound.kind === 'many'
          ? `the loop can hold all ${bound.count ?? 'its'} messages in the process's memory at once`
          : "the process's memory grows with the number of items: if there can be many, so does the buffer";
    const call = p.callee.replace(/\(\)$/, '');
    // The code awaits the result as a promise and the receiver may be a wrapper that waits for 'drain' itself.
    if (pacing.returnsDoubt) {
      return [
        {
          severity: 'info',
          message: `${p.callee} runs ${where}, and the code awaits what it returns, but ${pacing.returnsDoubt}. If this is amqplib's channel, sendToQueue and publish return a boolean and the await does not wait for the write buffer; if it is a ChannelWrapper, each awaited publish waits for the channel and the loop is paced.`,
          advice: `check what the receiver is: for an amqplib channel, wait when the buffer is full (\`if (!${call}(...)) await once(channel, 'drain')\`); for amqp-connection-manager's ChannelWrapper nothing is needed`,
        },
      ];
    }
    if (pacing.signal === 'false-then-drain') {
      const channel = p.callee.replace(/\.[A-Za-z_$][\w$]*\(\)$/, '') || 'ch';
      const wrapper = pacing.wrapperInProject ? `; if the receiver is ${pacing.wrapperInProject}'s ChannelWrapper instead (the project depends on it), its publish returns a promise that cannot be tested for false: await it` : '';
      return [
        {
          severity,
          message: `${p.callee} runs ${where}, and ignores what it returns: once the channel's write buffer is full it returns false, and every message published after that waits in the process's memory. Nothing here waits for the channel's 'drain' event, so ${grows}.`,
          advice: `wait when the buffer is full: \`if (!${call}(...)) await once(${channel}, 'drain')\` (once from node:events), so that the loop waits instead of the memory growing; publisher confirms do not do this (they say the broker has the message, not that the buffer has room)${wrapper}`,
        },
      ];
    }
    return [
      {
        severity,
        message: `${p.callee} runs ${where}, and drops the promise it returns, which settles once the message is written${p.confirms.kind !== 'unknown' && p.confirms.value ? ' and confirmed' : ''}: nothing waits for it, so every message waits in the library's buffer and ${grows}; a failed publish goes unnoticed.`,
        advice: 'await each publish, or collect the promises and await them in batches (e.g. `await Promise.all(batch)` every 1000 messages), so that the loop waits for the library',
      },
    ];
  },
};
