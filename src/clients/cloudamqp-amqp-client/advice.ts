// The consumer and publisher rules' advice, said with @cloudamqp/amqp-client's calls and options.
import type { Subject } from '../../model';
import type { PublishSyntax } from '../object-api/subjects';
import type { CloudamqpConsumerSyntax } from './consumers';

const ACK = "pass { noAck: false } (@cloudamqp/amqp-client defaults noAck to true here), call msg.ack() after the handler's work";
const COUNTED_RETURNS = 'return a failure that should count toward the delivery limit with msg.reject(true) and keep msg.nack(true) for "not now" returns; count retries with x-acquired-count on 4.3 (or a header of your own); consider the 4.3 delayed-retry queue arguments instead of an immediate requeue';
const LIBRARY_ACKS = 'the library then acknowledges each message after the callback returns, and requeues it if the callback throws';

/** The consumer and publisher rules' advice, said with @cloudamqp/amqp-client's calls and options. */
const ADVICE: Record<string, Record<string, string>> = {
  // ch.basicConsume(queue, params, cb) and v2/v3 q.subscribe(params, cb): acks and prefetch on the channel.
  channel: {
    'auto-ack-consumer': `${ACK}, and call ch.prefetch(10) on the channel before consuming`,
    'unbounded-prefetch': 'call ch.prefetch(N) on the channel before consuming, with N the number of messages the handler may work on at once (10 to 100 is typical)',
    'ineffective-prefetch': `${ACK}, so that the prefetch limits the consumer`,
    'stream-consumer-requirements': `${ACK} (acks are the credit that advances the consumer), and call ch.prefetch(N) (N > 0) on the channel before consuming the stream`,
    'quorum-requeue-delivery-count': COUNTED_RETURNS,
  },
  // v4 q.subscribe(params, cb) on a session queue.
  session: {
    'auto-ack-consumer': `remove noAck: true from the subscribe params (${LIBRARY_ACKS}) and pass prefetch: 10`,
    'unbounded-prefetch': 'pass prefetch: N in the subscribe params, with N the number of messages the callback may work on at once (10 to 100 is typical)',
    'ineffective-prefetch': `remove noAck: true from the subscribe params (${LIBRARY_ACKS}), so that prefetch limits the consumer`,
    'stream-consumer-requirements': `subscribe to the stream with prefetch: N (N > 0) and without noAck: true (${LIBRARY_ACKS})`,
    'quorum-requeue-delivery-count': `catch the error in the callback and ${COUNTED_RETURNS} (a callback that throws is nacked, with requeueOnNack, default true)`,
  },
  qos: {
    'global-qos': 'call basicQos(count) without the global argument (the third): the prefetch then applies per consumer',
  },
  'basic-publish': {
    'unconfirmed-publish': 'call ch.confirmSelect() on the channel before publishing: basicPublish() then resolves only when the broker confirms the message',
    'sequential-confirms': 'publish the batch, then wait for all confirms once (Promise.all of the publish promises)',
  },
  'session-publish': {
    'unconfirmed-publish': 'publish without confirm: false (confirms are the default in v4): publish() then resolves only when the broker confirms the message',
    'sequential-confirms': 'publish the batch, then wait for all confirms once (Promise.all of the publish promises)',
  },
};

export function cloudamqpAdvice(subject: Subject, ruleId: string): string | undefined {
  if (subject.kind === 'consumer') return ADVICE[(subject.syntax as CloudamqpConsumerSyntax).form === 'session-subscribe' ? 'session' : 'channel'][ruleId];
  if (subject.kind === 'qos') return ADVICE.qos[ruleId];
  if (subject.kind === 'publish') return ADVICE[(subject.syntax as PublishSyntax).form]?.[ruleId];
  return undefined;
}
