// Rule stream-consumer-requirements: a stream consumed without prefetch or with automatic ack.
import { ALL_TARGETS, type ConsumerRule, type Violation } from './types';
import { hasLimit } from './consumer-facts';
import { valueOf } from '../model';
import { streamOffsetViolations } from './stream-offset';

export const streamConsumerRequirements: ConsumerRule = {
  meta: {
    id: 'stream-consumer-requirements',
    title: 'A stream consumed without a prefetch, with automatic ack, or with an x-stream-offset the broker refuses (406, or 540/541 closing the connection)',
    appliesTo: 'consumer',
    severity: ALL_TARGETS('error'),
    fixable: 'rewrite',
    dependsOn: "rewritten where x-stream-offset is a digit-string time written in the consume call (amqplib, amqp-connection-manager: { '!': 'timestamp', value: <seconds> }; @cloudamqp/amqp-client: new Date(<ms>)); annotated otherwise (the ack mode, the prefetch, an offset in another form or written elsewhere); a time in milliseconds sent as seconds or as an integer offset is a warning",
    docs: 'stream-consumer-requirements',
    brokerError: "406 PRECONDITION_FAILED - consumer prefetch count is not set for stream queue 'Q' in vhost '/'",
  },
  checkConsumer(c, ctx): Violation[] {
    const queue = valueOf(c.queue);
    // An offset says the consumer means a stream: its form is judged whatever the code says of the queue.
    const offset = c.consumerArguments.find((a) => a.key === 'x-stream-offset');
    const out: Violation[] = offset ? streamOffsetViolations(c, offset, queue, queue ? ctx.queueTypes.get(queue) : undefined) : [];
    if (!queue || !ctx.streamQueues.has(queue)) return out;
    if (valueOf(c.ack) === 'auto') {
      out.push({
        severity: 'error',
        message: `'${queue}' is a stream, and its consumer acknowledges automatically: RabbitMQ refuses automatic ack on streams and closes the connection (540).`,
        brokerError: `540 NOT_IMPLEMENTED - automatic acknowledgement not supported by stream queue '${queue}' in vhost '/'`,
        advice: 'consume the stream with noAck: false and ack each message (acks are the credit that advances the consumer)',
      });
    }
    if (hasLimit(c) === false) {
      out.push({
        severity: 'error',
        message: `'${queue}' is a stream, and its consumer has no prefetch on its channel: RabbitMQ refuses the consume (406).`,
        brokerError: `406 PRECONDITION_FAILED - consumer prefetch count is not set for stream queue '${queue}' in vhost '/'`,
        advice: 'call prefetch(N) with N > 0 on the channel before consuming the stream',
      });
    }
    return out;
  },
};
