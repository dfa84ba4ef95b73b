// Every rule, grouped by the subject kind it judges.
import type { FileModel, Subject } from '../model';
import type { BindingRule, ConsumerRule, DeclarationRule, DependencyRule, ExchangeRule, IgnoredOptionRule, LinkRule, QueueDeletionRule, OpenRule, PublishRule, QosRule, Rule, RuleContext, RuleMeta, Violation } from './types';
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
import { maxMessageSize } from './max-message-size';
import { directReplyToMandatory } from './direct-reply-to-mandatory';
import { directReplyToBinding } from './direct-reply-to-binding';
import { directReplyToManualAck } from './direct-reply-to-manual-ack';
import { amqp10V1Address } from './amqp10-v1-address';
import { clientFrameMax } from './client-frame-max';
import { delayedMessageExchange } from './delayed-message-exchange';
import { quorumRejectPublishDlx } from './quorum-reject-publish-dlx';
import { atLeastOnceDeadLettering } from './at-least-once-dead-lettering';
import { quorumDeleteIfUnused } from './quorum-delete-if-unused';
import { consumerTimeoutArgument } from './consumer-timeout-argument';
import { consumerNullMessage } from './consumer-null-message';
import { xDeathRetryCount } from './x-death-retry-count';
import { quorumRequeueDeliveryCount } from './quorum-requeue-delivery-count';
import { manualAckNeverSettled } from './manual-ack-never-settled';
import { inconsistentQueueDeclaration } from './inconsistent-queue-declaration';
import { publisherBackpressure } from './publisher-backpressure';
import { ignoredOptionKey } from './ignored-option-key';

export const DECLARATION_RULES: readonly DeclarationRule[] = [
  transientNonexclusiveQueue,
  quorumQueueInvalidProperty,
  streamQueueInvalidProperty,
  queueArgumentNotSupported,
  deprecatedQueueArgument,
  quorumDeliveryLimitDefault,
  quorumRejectPublishDlx,
  atLeastOnceDeadLettering,
];
/**
 * Declaration rules that compare a declaration with the project's other declarations (ctx.declaredQueues):
 * run with the other subjects, after the rewrites are planned, and never part of a rewrite's plan.
 */
export const PROJECT_DECLARATION_RULES: readonly DeclarationRule[] = [inconsistentQueueDeclaration];
export const QOS_RULES: readonly QosRule[] = [globalQos];
export const CONSUMER_RULES: readonly ConsumerRule[] = [
  autoAckConsumer,
  unboundedPrefetch,
  ineffectivePrefetch,
  streamConsumerRequirements,
  consumerNullMessage,
  xDeathRetryCount,
  quorumRequeueDeliveryCount,
  consumerTimeoutArgument,
  manualAckNeverSettled,
  directReplyToManualAck,
];
export const PUBLISH_RULES: readonly PublishRule[] = [unconfirmedPublish, sequentialConfirms, maxMessageSize, directReplyToMandatory, publisherBackpressure];
export const OPEN_RULES: readonly OpenRule[] = [connectionChurn];
export const BINDING_RULES: readonly BindingRule[] = [directReplyToBinding];
export const LINK_RULES: readonly LinkRule[] = [amqp10V1Address];
export const DEPENDENCY_RULES: readonly DependencyRule[] = [clientFrameMax];
export const EXCHANGE_RULES: readonly ExchangeRule[] = [delayedMessageExchange];
export const QUEUE_DELETION_RULES: readonly QueueDeletionRule[] = [quorumDeleteIfUnused];
export const IGNORED_OPTION_RULES: readonly IgnoredOptionRule[] = [ignoredOptionKey];

export const ALL_RULES: readonly Rule[] = [...DECLARATION_RULES, ...PROJECT_DECLARATION_RULES, ...QOS_RULES, ...CONSUMER_RULES, ...PUBLISH_RULES, ...OPEN_RULES, ...BINDING_RULES, ...LINK_RULES, ...DEPENDENCY_RULES, ...EXCHANGE_RULES, ...QUEUE_DELETION_RULES, ...IGNORED_OPTION_RULES];

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
    ...DECLARATION_RULES.flatMap((r) => (r.checkConsumer ? [{ meta: r.meta, subjects: (m: FileModel) => m.consumers, run: (s: Subject, c: RuleContext) => r.checkConsumer!(s as never, c) }] : [])),
    ...PROJECT_DECLARATION_RULES.map((r) => ({ meta: r.meta, subjects: (m: FileModel) => m.declarations, run: (s: Subject, c: RuleContext) => r.checkDeclaration(s as never, c) })),
    ...QOS_RULES.map((r) => ({ meta: r.meta, subjects: (m: FileModel) => m.qos, run: (s: Subject, c: RuleContext) => r.checkQos(s as never, c) })),
    ...CONSUMER_RULES.map((r) => ({ meta: r.meta, subjects: (m: FileModel) => m.consumers, run: (s: Subject, c: RuleContext) => r.checkConsumer(s as never, c) })),
    ...PUBLISH_RULES.map((r) => ({ meta: r.meta, subjects: (m: FileModel) => m.publishes, run: (s: Subject, c: RuleContext) => r.checkPublish(s as never, c) })),
    ...OPEN_RULES.map((r) => ({ meta: r.meta, subjects: (m: FileModel) => m.opens, run: (s: Subject, c: RuleContext) => r.checkOpen(s as never, c) })),
    ...BINDING_RULES.map((r) => ({ meta: r.meta, subjects: (m: FileModel) => m.bindings, run: (s: Subject, c: RuleContext) => r.checkBinding(s as never, c) })),
    ...LINK_RULES.map((r) => ({ meta: r.meta, subjects: (m: FileModel) => m.links, run: (s: Subject, c: RuleContext) => r.checkLink(s as never, c) })),
    ...DEPENDENCY_RULES.map((r) => ({ meta: r.meta, subjects: (m: FileModel) => m.dependencies ?? [], run: (s: Subject, c: RuleContext) => r.checkDependency(s as never, c) })),
    ...DEPENDENCY_RULES.flatMap((r) => (r.checkOpen ? [{ meta: r.meta, subjects: (m: FileModel) => m.opens, run: (s: Subject, c: RuleContext) => r.checkOpen!(s as never, c) }] : [])),
    ...EXCHANGE_RULES.map((r) => ({ meta: r.meta, subjects: (m: FileModel) => m.exchanges, run: (s: Subject, c: RuleContext) => r.checkExchange(s as never, c) })),
    // An exchange rule may also judge publishes (e.g. a plugin's header): same rule id, other subjects.
    ...EXCHANGE_RULES.flatMap((r) => (r.checkPublish ? [{ meta: r.meta, subjects: (m: FileModel) => m.publishes, run: (s: Subject, c: RuleContext) => r.checkPublish!(s as never, c) }] : [])),
    ...QUEUE_DELETION_RULES.map((r) => ({ meta: r.meta, subjects: (m: FileModel) => m.queueDeletions, run: (s: Subject, c: RuleContext) => r.checkDeletion(s as never, c) })),
    ...IGNORED_OPTION_RULES.map((r) => ({ meta: r.meta, subjects: (m: FileModel) => m.ignoredOptions ?? [], run: (s: Subject, c: RuleContext) => r.checkIgnoredOption(s as never, c) })),
  ];
}
