// Rule direct-reply-to-mandatory: replies to a reply-to queue published with mandatory.
import { atLeast, isReplyTo, type PublishRule, type Violation } from './types';
import { valueOf } from '../model';

export const directReplyToMandatory: PublishRule = {
  meta: {
    id: 'direct-reply-to-mandatory',
    title: 'An RPC reply published with mandatory to detect a departed requester: from 4.2 no basic.return comes back for direct reply-to',
    appliesTo: 'publish',
    severity: { '4.0': 'info', '4.1': 'info', '4.2': 'warning', '4.3': 'warning' },
    fixable: 'annotate',
    docs: 'direct-reply-to-mandatory',
  },
  checkPublish(p, ctx): Violation[] {
    if (valueOf(p.mandatory) !== true || !p.route || valueOf(p.route.exchange) !== '') return [];
    const key = valueOf(p.route.routingKey);
    // The bare name is not a queue anyone can receive on (the broker returns it as NO_ROUTE).
    const volatile = !!key && isReplyTo(key) && key !== 'amq.rabbitmq.reply-to';
    if (!volatile && !p.route.replyToOfReceived) return [];
    const to = volatile ? `the direct reply-to queue '${key}'` : "the requester's replyTo";
    const broker = atLeast(ctx.target, '4.2') ? 'RabbitMQ 4.2+' : 'from RabbitMQ 4.2 the broker';
    const lead = volatile ? broker.replace(/^f/, 'F') : `If the requester uses direct reply-to (amq.rabbitmq.reply-to), ${broker}`;
    return [
      {
        severity: atLeast(ctx.target, '4.2') ? 'warning' : 'info',
        message: `${p.callee} sends a reply to ${to} with mandatory: true. ${lead} counts a publish to a direct reply-to queue as routed even when the requester has gone, so no basic.return arrives and a lost reply goes unnoticed (no error: silently).`,
        advice: "do not rely on mandatory/'return' to detect a departed requester: check that the reply-to queue still exists with a passive declare (checkQueue) on a separate channel before replying, and let the requester time out",
      },
    ];
  },
};
