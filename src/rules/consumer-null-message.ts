// Rule consumer-null-message: consume callbacks that use the null a broker cancel delivers.
import { valueOf, type Consumer, type QueueType } from '../model';
import { NULL_GUARD_DESCRIPTION } from '../fix/intents';
import { atLeast, type ConsumerRule, type RuleContext, type Violation } from './types';
import { consumerLabel } from './consumer-facts';
import { focusInCall } from './consumer-handler-facts';
import { queueTypeOf } from './queue-facts';

/** The direct reply-to pseudo-queue: its consumer is never cancelled by the broker. */
const DIRECT_REPLY_TO = 'amq.rabbitmq.reply-to';

/** The queue's type as the code proves it: the declaration whose result names it, else a declaration of its name. */
function queueType(c: Consumer, ctx: RuleContext): QueueType | undefined {
  if (c.queueDeclaration) {
    const declared = queueTypeOf(c.queueDeclaration, ctx);
    // A server-named or exclusive queue can only be classic (quorum and stream queues refuse both).
    const name = valueOf(c.queueDeclaration.name);
    if (name === '' || valueOf(c.queueDeclaration.exclusive) === true) return 'classic';
    if (declared !== 'unknown') return declared;
  }
  const queue = valueOf(c.queue);
  return queue !== undefined ? ctx.queueTypes.get(queue) : undefined;
}

/** Why 4.3's consumer timeout cannot cancel this consumer, when the code shows it (else nothing). */
function noTimeout(c: Consumer, type: QueueType | undefined, autoAck: boolean): string {
  if (type === 'classic') return ` (this ${c.queueDeclaration ? 'queue is declared' : 'is'} a classic queue, which 4.3's consumer timeout does not cancel)`;
  if (autoAck) return ` (this consumer acknowledges automatically: it never holds a delivery, so 4.3's consumer timeout does not cancel it)`;
  return '';
}

export const consumerNullMessage: ConsumerRule = {
  meta: {
    id: 'consumer-null-message',
    title: 'A consumer callback that uses its message without handling null, which the client passes when the broker cancels the consumer',
    appliesTo: 'consumer',
    severity: { '4.0': 'info', '4.1': 'info', '4.2': 'info', '4.3': 'warning' },
    fixable: 'rewrite',
    dependsOn: 'warning on 4.3 for a manual-ack consumer of a quorum queue or of a queue whose type the code does not prove (4.3 cancels quorum-queue consumers that hold a delivery past the consumer timeout); info (reported only) before 4.3, for a queue the code proves classic or stream, and for a consumer with automatic ack (it holds no delivery): each is cancelled only when its queue is deleted. Nothing for a test\'s consumer its own code cancels (ch.cancel on its channel in its handler or its function, in a test file): it lives for the test, and amqplib passes null only on a broker cancel. Rewritten with a null guard where the handler checks for null nowhere; annotated where it checks elsewhere (a guard above everything would make that check dead)',
    docs: 'consumer-null-message',
  },
  checkConsumer(c, ctx): Violation[] {
    const facts = c.handlerFacts;
    if (!facts?.nullOnCancel || (!facts.unguardedUse && !facts.nullThrow)) return [];
    if (valueOf(c.queue) === DIRECT_REPLY_TO) return [];
    // Only a receiver traced to an amqplib channel passes null: a wrapper of the same shape (amqp-connection-manager's
    // ChannelWrapper, a project's own helper) does not, so its call shape is no evidence here, unless the handler's
    // own parameter type says the message may be null (`msg: ConsumeMessage | null`, amqplib's channel type).
    if (c.untraced && !(c.client === 'amqplib' && facts.typedNullable)) return [];
    // A test's consumer that its own code cancels lives for the test: amqplib passes null only on a broker cancel,
    // and neither the consumer timeout nor a deletion of its queue comes while it runs, unless the test itself does it.
    if (c.ownCancel?.test) return [];
    const type = queueType(c, ctx);
    // 4.3 cancels quorum-queue consumers whose deliveries time out; other queue types only on deletion. A consumer
    // with automatic ack holds no delivery, and a test's consumer its own code cancels does not live that long.
    const autoAck = valueOf(c.ack) === 'auto';
    const timeoutCancels = atLeast(ctx.target, '4.3') && type !== 'classic' && type !== 'stream' && !autoAck;
    const when = timeoutCancels
      ? `RabbitMQ 4.3 cancels a quorum-queue consumer that holds a message past the consumer timeout (30 min by default; before 4.3 the channel was closed instead)${type === 'quorum' ? '' : ' if this is a quorum queue'}, and every version cancels consumers of a deleted queue`
      : `The broker cancels consumers of a deleted queue${noTimeout(c, type, autoAck)}`;
    const library = c.client === 'amqplib' ? 'amqplib' : `${c.client}'s amqplib channel`;
    const consequence = 'and the TypeError closes the connection (a synchronous handler) or is an unhandled rejection, which ends the Node process by default (an async handler).';
    if (facts.nullThrow) {
      return [
        {
          severity: timeoutCancels ? 'warning' : 'info',
          focus: focusInCall(c, facts.nullThrow),
          message: `${consumerLabel(c)}: the async handler throws when the message is null (${facts.nullThrow.what}). ${when}; ${library} then calls the handler with null and ignores the promise it returns, so the throw is an unhandled rejection, which ends the Node process by default.`,
          advice: 'return instead of throwing when the message is null (the broker cancelled the consumer; log it if that matters), and consume again (or reconnect) if the consumer should keep running',
        },
      ];
    }
    const use = facts.unguardedUse!;
    // The handler already handles a cancel somewhere: a guard above everything would make that handling dead.
    if (facts.nullCheck) {
      const where = facts.nullBranch
        ? `${use.what}, in the branch of ${facts.nullBranch.what} where the message is null`
        : `${use.what} ${use.at.file === facts.nullCheck.at.file && use.at.start < facts.nullCheck.at.start ? 'before' : 'outside'} that check`;
      return [
        {
          severity: timeoutCancels ? 'warning' : 'info',
          focus: focusInCall(c, use),
          message: `${consumerLabel(c)}: the handler ${facts.nullCheck.what}, but ${where}. ${when}; ${library} then calls the handler with null, ${consequence}`,
          advice: `make the use of the message depend on the handler's own null check (${facts.nullCheck.what.replace(/^checks /, '')}), so that a null message (the broker cancelled the consumer) never reaches it`,
        },
      ];
    }
    return [
      {
        severity: timeoutCancels ? 'warning' : 'info',
        focus: focusInCall(c, use),
        message: `${consumerLabel(c)}: the handler ${use.what} without checking for null. ${when}; ${library} then calls the handler with null, ${consequence}`,
        advice: `return early when the message is null, before the handler uses it: ${NULL_GUARD_DESCRIPTION} and consume again (or reconnect) if the consumer should keep running`,
        intents: [{ kind: 'guard-null-message' }],
      },
    ];
  },
};
