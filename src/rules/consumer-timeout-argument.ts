// Rule consumer-timeout-argument: the x-consumer-timeout argument on a queue type that refuses it.
import { valueOf, type Consumer } from '../model';
import { atLeast, type ConsumerRule, type RuleContext, type Violation } from './types';
import { brokerTypeName } from './queue-facts';

/**
 * The x-consumer-timeout consumer argument: new in 4.3 and quorum-only, so basic.consume on a classic
 * queue or stream is refused with 406 (catalogue C5, Appendix 1; checked on 4.3.6). Before 4.3 no
 * queue type knows it and it is ignored. The same key as a queue argument is queue-argument-not-supported's.
 */
export const consumerTimeoutArgument: ConsumerRule = {
  meta: {
    id: 'consumer-timeout-argument',
    title: 'A consumer sets x-consumer-timeout on a classic queue or stream: 4.3 refuses basic.consume with 406',
    appliesTo: 'consumer',
    severity: { '4.0': 'warning', '4.1': 'warning', '4.2': 'warning', '4.3': 'error' },
    fixable: 'annotate',
    docs: 'consumer-timeout-argument',
    brokerError: "406 PRECONDITION_FAILED - invalid arg 'x-consumer-timeout' for queue 'Q' in vhost '/' of queue type rabbit_classic_queue",
  },
  checkConsumer(c: Consumer, ctx: RuleContext): Violation[] {
    const arg = c.consumerArguments.find((a) => a.key === 'x-consumer-timeout');
    const queue = valueOf(c.queue);
    if (!arg || !queue) return [];
    const type = ctx.queueTypes.get(queue);
    if (type !== 'classic' && type !== 'stream') return [];
    const is43 = atLeast(ctx.target, '4.3');
    const what = type === 'stream' ? 'stream' : 'classic queue';
    return [
      {
        severity: is43 ? 'error' : 'warning',
        message: is43
          ? `${c.callee} consumes ${what} '${queue}' with the x-consumer-timeout consumer argument: in RabbitMQ 4.3 only quorum queues evaluate consumer timeouts, and basic.consume with it on a ${what} is refused (406, channel closed).`
          : `${c.callee} consumes ${what} '${queue}' with the x-consumer-timeout consumer argument: brokers before 4.3 ignore it, and RabbitMQ 4.3 refuses it on a ${what} (406), where consumers never time out.`,
        brokerError: is43 ? `406 PRECONDITION_FAILED - invalid arg 'x-consumer-timeout' for queue '${queue}' in vhost '/' of queue type ${brokerTypeName(type)}` : undefined,
        focus: arg.value.kind !== 'default' ? arg.value.origin : undefined,
        advice: `remove the x-consumer-timeout consumer argument: from 4.3, ${what}s never time out a consumer; if a delivery timeout is needed, make '${queue}' a quorum queue (x-consumer-timeout as a consumer or queue argument, or a consumer-timeout policy)`,
      },
    ];
  },
};
