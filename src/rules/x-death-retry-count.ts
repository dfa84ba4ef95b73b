// Rule x-death-retry-count: retry logic that counts on x-death for republished messages.
import { valueOf } from '../model';
import { ALL_TARGETS, type ConsumerRule, type Violation } from './types';
import { consumerLabel } from './consumer-facts';
import { focusInCall, listUses } from './consumer-handler-facts';

const ADVICE =
  "count retries in a header of your own without the x- prefix (e.g. 'retry-count': read it, add 1 when you republish), or let a quorum queue count: its delivery-limit (x-delivery-limit or a delivery-limit policy) and the x-delivery-count header (x-acquired-count from 4.3)";

const IGNORED = 'From 4.0 the broker ignores the x-death header a client publishes and counts only its own dead-lettering';

export const xDeathRetryCount: ConsumerRule = {
  meta: {
    id: 'x-death-retry-count',
    title: "Retry logic that counts on the x-death header's count, which 4.x does not carry over when a client republishes the message",
    appliesTo: 'consumer',
    severity: ALL_TARGETS('warning'),
    fixable: 'annotate',
    dependsOn:
      'who drives the retry. Warning for a handler that decides with the x-death count and republishes the message itself (the client drives the retry: the copy starts a new count); nothing when the broker drives it (the handler rejects or nacks without requeue and the queue dead-letters, directly or through a TTL retry queue that dead-letters back: 4.x counts each of those), also when the handler moves the message to a parking lot past the limit or sends a copy aside in the block that dead-letters it; info (reported only) for a handler that reads the count and settles the message in a way the analysis does not see, or only republishes the headers it received',
    docs: 'x-death-retry-count',
  },
  checkConsumer(c): Violation[] {
    const facts = c.handlerFacts;
    if (!facts) return [];
    const counts = facts.xDeathCounts;
    // A copy sent aside once the count has reached its limit (a parking lot), or beside a dead-lettering of the message
    // (the broker drives the retry and keeps counting), is not what brings the message back.
    const parked = new Set([...facts.republishesPastLimit, ...(facts.republishesBesideDeadLetter ?? [])]);
    const retries = facts.republishes.filter((r) => !parked.has(r));
    if (counts.length && retries.length) {
      const headers = facts.republishedHeaders.some((r) => !parked.has(r)) ? ' with the headers it received' : '';
      return [
        {
          severity: 'warning',
          focus: focusInCall(c, counts[0]),
          message: `${consumerLabel(c)}: the handler decides with the count of the x-death header (${listUses(counts)}) and republishes the message itself${headers} (${listUses(retries)}). ${IGNORED}, so the republished copy starts without that count: a retry limit built on it is never reached.`,
          advice: ADVICE,
        },
      ];
    }
    // The broker dead-letters the message itself (nack/reject without requeue): it keeps counting.
    const deadLetters = facts.rejections.some((r) => valueOf(r.requeue) === false);
    if (counts.length && !deadLetters) {
      return [
        {
          severity: 'info',
          focus: focusInCall(c, counts[0]),
          message: `${consumerLabel(c)}: the handler decides with the count of the x-death header (${listUses(counts)}). ${IGNORED}: the count is right only while messages come back through dead-lettering (reject or nack without requeue), not if any code republishes them.`,
          advice: ADVICE,
        },
      ];
    }
    // Code that never reads x-death (it counts retries in a header of its own, or not at all) loses nothing it uses.
    if (counts.length || !facts.republishedHeaders.length || !facts.xDeathInModule) return [];
    return [
      {
        severity: 'info',
        focus: focusInCall(c, facts.republishedHeaders[0]),
        message: `${consumerLabel(c)}: the handler republishes the message with the headers it received (${listUses(facts.republishedHeaders)}). ${IGNORED}, so if any consumer counts retries with x-death, the count starts again after this republish.`,
        advice: ADVICE,
      },
    ];
  },
};
