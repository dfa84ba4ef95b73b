// The consumer and publisher rules' advice, said with rabbitmq-client's options.
import type { Subject } from '../../model';
import type { PublishSyntax } from '../object-api/subjects';
import type { RabbitmqClientConsumerSyntax } from './consumers';

/** rabbitmq-client has no basic.reject: every return is a nack, which 4.3 no longer counts toward the delivery limit. */
const COUNT_RETRIES = 'rabbitmq-client returns every message with a nack (it has no reject), which RabbitMQ 4.3 no longer counts toward the delivery limit: count attempts yourself (a header of your own, or x-acquired-count on 4.3)';

const HANDLER_ACKS = 'rabbitmq-client then acknowledges each message when the handler resolves, and requeues it when the handler throws';

/** The consumer and publisher rules' advice, said with rabbitmq-client's props and channel methods. */
const ADVICE: Record<string, Record<string, string>> = {
  'create-consumer': {
    'auto-ack-consumer': `remove noAck: true from the createConsumer props (${HANDLER_ACKS}) and set qos: { prefetchCount: 10 }`,
    'unbounded-prefetch': 'set qos: { prefetchCount: N } in the createConsumer props, with N the number of messages the handler may work on at once (10 to 100 is typical)',
    'ineffective-prefetch': `remove noAck: true from the createConsumer props (${HANDLER_ACKS}), so that qos.prefetchCount limits the consumer`,
    'stream-consumer-requirements': `consume the stream with qos: { prefetchCount: N } (N > 0) and without noAck: true in the createConsumer props (${HANDLER_ACKS})`,
    'quorum-requeue-delivery-count': `${COUNT_RETRIES} and return ConsumerStatus.DROP past the limit (with a dead-letter exchange on the queue to keep the message), or use the 4.3 delayed-retry queue arguments instead of an immediate requeue`,
  },
  'basic-consume': {
    'auto-ack-consumer': "consume with noAck: false, call ch.basicAck({ deliveryTag: msg.deliveryTag }) after the handler's work, and call ch.basicQos({ prefetchCount: 10 }) before basicConsume",
    'unbounded-prefetch': 'call ch.basicQos({ prefetchCount: N }) on the channel before basicConsume, with N the number of messages the handler may work on at once (10 to 100 is typical)',
    'ineffective-prefetch': 'consume with noAck: false and acknowledge each message with ch.basicAck, so that the prefetch limits the consumer',
    'stream-consumer-requirements': 'call ch.basicQos({ prefetchCount: N }) (N > 0) before basicConsume, consume the stream with noAck: false and acknowledge each message with ch.basicAck (acks are the credit that advances the consumer)',
    'quorum-requeue-delivery-count': `${COUNT_RETRIES} and call ch.basicNack({ deliveryTag: msg.deliveryTag, requeue: false }) past the limit (with a dead-letter exchange on the queue to keep the message), or use the 4.3 delayed-retry queue arguments instead of an immediate requeue`,
  },
  qos: {
    'global-qos': 'remove global: true from the qos options: the prefetch then applies per consumer',
  },
  'publisher-send': {
    'unconfirmed-publish': 'create the publisher with confirm: true (rabbitmq-client defaults it to false): send() then resolves only when the broker confirms the message',
    'sequential-confirms': 'send the batch, then wait for all confirms once (Promise.all of the send() promises)',
  },
  'basic-publish': {
    'unconfirmed-publish': 'call ch.confirmSelect() on the channel before publishing: basicPublish() then resolves only when the broker confirms the message',
    'sequential-confirms': 'publish the batch, then wait for all confirms once (Promise.all of the basicPublish() promises)',
  },
};

export function rabbitmqClientAdvice(subject: Subject, ruleId: string): string | undefined {
  if (subject.kind === 'consumer') return ADVICE[(subject.syntax as RabbitmqClientConsumerSyntax).form][ruleId];
  if (subject.kind === 'qos') return ADVICE.qos[ruleId];
  if (subject.kind === 'publish') return ADVICE[(subject.syntax as PublishSyntax).form]?.[ruleId];
  return undefined;
}
