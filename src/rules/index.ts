import type { FileModel, Subject } from '../model';
import type { ConsumerRule, DeclarationRule, OpenRule, PublishRule, QosRule, Rule, RuleContext, RuleMeta, Violation } from './types';
import { transientNonexclusiveQueue } from './transient-nonexclusive-queue';
import { quorumQueueInvalidProperty, streamQueueInvalidProperty } from './typed-queue-property';
import { queueArgumentNotSupported } from './queue-argument-not-supported';
import { deprecatedQueueArgument } from './deprecated-queue-argument';
import { quorumDeliveryLimitDefault } from './quorum-delivery-limit-default';
import { globalQos } from './global-qos';
import { autoAckConsumer } from './auto-ack-consumer';
import { unboundedPrefetch } from './unbounded-prefetch';
import { ineffectivePrefetch } from './ineffective-prefetch';
import { streamConsumerRequirements } from './stream-consumer-requirements';
import { unconfirmedPublish } from './unconfirmed-publish';
import { sequentialConfirms } from './sequential-confirms';
import { connectionChurn } from './connection-churn';
import { consumerNullMessage } from './consumer-null-message';
import { xDeathRetryCount } from './x-death-retry-count';
import { quorumRequeueDeliveryCount } from './quorum-requeue-delivery-count';

export const DECLARATION_RULES: readonly DeclarationRule[] = [
  transientNonexclusiveQueue,
  quorumQueueInvalidProperty,
  streamQueueInvalidProperty,
  queueArgumentNotSupported,
  deprecatedQueueArgument,
  quorumDeliveryLimitDefault,
];
export const QOS_RULES: readonly QosRule[] = [globalQos];
export const CONSUMER_RULES: readonly ConsumerRule[] = [
  autoAckConsumer,
  unboundedPrefetch,
  ineffectivePrefetch,
  streamConsumerRequirements,
  consumerNullMessage,
  xDeathRetryCount,
  quorumRequeueDeliveryCount,
];
export const PUBLISH_RULES: readonly PublishRule[] = [unconfirmedPublish, sequentialConfirms];
export const OPEN_RULES: readonly OpenRule[] = [connectionChurn];

export const ALL_RULES: readonly Rule[] = [...DECLARATION_RULES, ...QOS_RULES, ...CONSUMER_RULES, ...PUBLISH_RULES, ...OPEN_RULES];

export function ruleById(id: string): Rule | undefined {
  return ALL_RULES.find((r) => r.meta.id === id);
}

/** A rule over one kind of subject other than declarations (which are planned as a whole). */
export interface SubjectCheck {
  meta: RuleMeta;
  subjects(model: FileModel): Subject[];
  run(subject: Subject, ctx: RuleContext): Violation[];
}

export function subjectChecks(): SubjectCheck[] {
  return [
    ...QOS_RULES.map((r) => ({ meta: r.meta, subjects: (m: FileModel) => m.qos, run: (s: Subject, c: RuleContext) => r.checkQos(s as never, c) })),
    ...CONSUMER_RULES.map((r) => ({ meta: r.meta, subjects: (m: FileModel) => m.consumers, run: (s: Subject, c: RuleContext) => r.checkConsumer(s as never, c) })),
    ...PUBLISH_RULES.map((r) => ({ meta: r.meta, subjects: (m: FileModel) => m.publishes, run: (s: Subject, c: RuleContext) => r.checkPublish(s as never, c) })),
    ...OPEN_RULES.map((r) => ({ meta: r.meta, subjects: (m: FileModel) => m.opens, run: (s: Subject, c: RuleContext) => r.checkOpen(s as never, c) })),
  ];
}
