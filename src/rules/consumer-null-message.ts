// Rule consumer-null-message: consume callbacks that use the null a broker cancel delivers.
import { valueOf } from '../model';
import { NULL_GUARD_DESCRIPTION } from '../fix/intents';
import { atLeast, type ConsumerRule, type Violation } from './types';
import { consumerLabel } from './consumer-facts';
import { focusInCall } from './consumer-handler-facts';

export const consumerNullMessage: ConsumerRule = {
  meta: {
    id: 'consumer-null-message',
    title: 'A consumer callback that uses its message without handling null, which the client passes when the broker cancels the consumer',
    appliesTo: 'consumer',
    severity: { '4.0': 'info', '4.1': 'info', '4.2': 'info', '4.3': 'warning' },
    fixable: 'rewrite',
    docs: 'consumer-null-message',
  },
  checkConsumer(c, ctx): Violation[] {
    const facts = c.handlerFacts;
    if (!facts?.nullOnCancel || !facts.unguardedUse) return [];
    const queue = valueOf(c.queue);
    const type = queue !== undefined ? ctx.queueTypes.get(queue) : undefined;
    // 4.3 cancels quorum-queue consumers whose deliveries time out; other queue types only on deletion.
    const timeoutCancels = atLeast(ctx.target, '4.3') && type !== 'classic' && type !== 'stream';
    const when = timeoutCancels
      ? `RabbitMQ 4.3 cancels a quorum-queue consumer that holds a message past the consumer timeout (30 min by default; before 4.3 the channel was closed instead)${type === 'quorum' ? '' : ' if this is a quorum queue'}, and every version cancels consumers of a deleted queue`
      : 'The broker cancels consumers of a deleted queue';
    return [
      {
        severity: timeoutCancels ? 'warning' : 'info',
        focus: focusInCall(c, facts.unguardedUse),
        message: `${consumerLabel(c)}: the handler ${facts.unguardedUse.what} without checking for null. ${when}; ${c.client === 'amqplib' ? 'amqplib' : `${c.client}'s amqplib channel`} then calls the handler with null, and the TypeError closes the connection (a synchronous handler) or is an unhandled rejection, which ends the Node process by default (an async handler).`,
        advice: `return early when the message is null, before the handler uses it: ${NULL_GUARD_DESCRIPTION} and consume again (or reconnect) if the consumer should keep running`,
        intents: [{ kind: 'guard-null-message' }],
      },
    ];
  },
};
