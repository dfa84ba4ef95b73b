// Rule direct-reply-to-binding: bindings of the direct reply-to pseudo-queue.
import { atLeast, isReplyTo, type BindingRule, type Violation } from './types';
import { valueOf } from '../model';

const REFUSED = '403 ACCESS_REFUSED - cannot bind or unbind to a volatile (direct reply-to) queue';

export const directReplyToBinding: BindingRule = {
  meta: {
    id: 'direct-reply-to-binding',
    title: 'A binding of a direct reply-to queue to an exchange: refused from 4.2.6 / 4.3.0 (before, silently without effect)',
    appliesTo: 'queue-binding',
    severity: { '4.0': 'warning', '4.1': 'warning', '4.2': 'error', '4.3': 'error' },
    fixable: 'annotate',
    dependsOn: 'error for a binding of amq.rabbitmq.reply-to itself, and of a direct reply-to queue from 4.2; warning before 4.2, and for a binding of a received message\'s replyTo queue (direct reply-to only if the requester uses it)',
    docs: 'direct-reply-to-binding',
    brokerError: REFUSED,
  },
  checkBinding(b, ctx): Violation[] {
    const queue = valueOf(b.queue);
    const advice = 'remove the binding: a direct reply-to queue receives only messages published to its own name on the default exchange; bind an ordinary (exclusive) reply queue instead if replies must come through an exchange';
    if (queue === 'amq.rabbitmq.reply-to') {
      return [
        {
          severity: 'error',
          message: `${b.callee} binds 'amq.rabbitmq.reply-to', which is not a queue: the broker closes the channel (404).`,
          brokerError: "404 NOT_FOUND - no queue 'amq.rabbitmq.reply-to' in vhost '/'",
          advice,
        },
      ];
    }
    const volatile = !!queue && isReplyTo(queue);
    if (!volatile && !b.replyToOfReceived) return [];
    const refused = atLeast(ctx.target, '4.2');
    const what = volatile ? `the direct reply-to queue '${queue}'` : "a message's replyTo queue";
    const effect = refused
      ? 'RabbitMQ 4.2.6+ and 4.3 refuse it and close the channel (403); before, the binding was silently accepted and had no effect.'
      : 'RabbitMQ accepts it silently and it has no effect; from 4.2.6 / 4.3.0 it is refused and the channel is closed (403).';
    return [
      {
        severity: volatile ? (refused ? 'error' : 'warning') : 'warning',
        message: `${b.callee} binds ${what}${volatile ? '' : ' (if the requester uses direct reply-to)'} to an exchange: ${effect}`,
        brokerError: refused ? REFUSED : undefined,
        advice,
      },
    ];
  },
};
