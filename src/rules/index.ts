import type { ConsumerRule, DeclarationRule, QosRule, Rule } from './types';
import { transientNonexclusiveQueue } from './transient-nonexclusive-queue';
import { quorumQueueInvalidProperty, streamQueueInvalidProperty } from './typed-queue-property';
import { queueArgumentNotSupported } from './queue-argument-not-supported';
import { deprecatedQueueArgument } from './deprecated-queue-argument';
import { quorumDeliveryLimitDefault } from './quorum-delivery-limit-default';

export const DECLARATION_RULES: readonly DeclarationRule[] = [
  transientNonexclusiveQueue,
  quorumQueueInvalidProperty,
  streamQueueInvalidProperty,
  queueArgumentNotSupported,
  deprecatedQueueArgument,
  quorumDeliveryLimitDefault,
];

export const CONSUMER_RULES: readonly ConsumerRule[] = [];
export const QOS_RULES: readonly QosRule[] = [];

export const ALL_RULES: readonly Rule[] = [...DECLARATION_RULES, ...CONSUMER_RULES, ...QOS_RULES];

export function ruleById(id: string): Rule | undefined {
  return ALL_RULES.find((r) => r.meta.id === id);
}
