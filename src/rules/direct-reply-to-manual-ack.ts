// Rule direct-reply-to-manual-ack: a consumer of the direct reply-to pseudo-queue that would acknowledge manually.
import { ALL_TARGETS, type ConsumerRule, type Violation } from './types';
import { ackSource } from './consumer-facts';
import { valueOf } from '../model';

const DIRECT_REPLY_TO = 'amq.rabbitmq.reply-to';
const REFUSED = '406 PRECONDITION_FAILED - reply consumer cannot acknowledge';

export const directReplyToManualAck: ConsumerRule = {
  meta: {
    id: 'direct-reply-to-manual-ack',
    title: "A consumer of 'amq.rabbitmq.reply-to' with manual acknowledgement: the broker refuses it and closes the channel (406)",
    appliesTo: 'consumer',
    severity: ALL_TARGETS('error'),
    fixable: 'annotate',
    dependsOn: 'error, annotated; info (reported only) where the ack mode is known only at run time',
    docs: 'direct-reply-to-manual-ack',
    brokerError: REFUSED,
  },
  checkConsumer(c): Violation[] {
    if (valueOf(c.queue) !== DIRECT_REPLY_TO) return [];
    const who = c.callee;
    const advice = "consume 'amq.rabbitmq.reply-to' with noAck: true (a direct reply-to consumer never acknowledges), or consume an ordinary exclusive reply queue if replies must be acknowledged";
    if (c.ack.kind === 'unknown') {
      return [
        {
          severity: 'info',
          message: `${who} consumes 'amq.rabbitmq.reply-to' (direct reply-to), and ${ackSource(c)}. If it is false, the broker refuses the consumer and closes the channel (406): a direct reply-to consumer must use automatic ack.`,
          brokerError: REFUSED,
          advice,
        },
      ];
    }
    if (c.ack.value !== 'manual') return [];
    return [
      {
        severity: 'error',
        message: `${who} consumes 'amq.rabbitmq.reply-to' (direct reply-to) with manual acknowledgement (${ackSource(c)}): the broker refuses the consumer and closes the channel (406), so no reply ever arrives. A direct reply-to consumer must use automatic ack (noAck: true).`,
        brokerError: REFUSED,
        advice,
        valueAt: c.ack.kind === 'known' ? c.ack.origin : undefined,
      },
    ];
  },
};
