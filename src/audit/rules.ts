// The audit's rule ids and metadata (MIGRATION.md sections under "Auditing a live broker").
import { ALL_TARGETS } from '../rules/types';
import type { RuleInfo } from '../report/rule-info';

/**
 * The audit's rules: what a broker already holds that 4.x refuses, forgets or punishes. Their
 * MIGRATION.md sections sit under "Auditing a live broker", one heading per id.
 */
export const BROKER_TRANSIENT_QUEUE: RuleInfo = {
  id: 'broker-transient-queue',
  title: 'A transient (non-durable) non-exclusive queue: the upgrade restart deletes it, and 4.3 refuses to declare it again',
  severity: { '4.0': 'warning', '4.1': 'warning', '4.2': 'warning', '4.3': 'error' },
  fixable: 'none',
  docs: 'broker-transient-queue',
  brokerError: '541 INTERNAL_ERROR - Feature `transient_nonexcl_queues` is deprecated.',
};

export const BROKER_QUEUE_ARGUMENT: RuleInfo = {
  id: 'broker-queue-argument',
  title: 'A queue holding an argument 4.x refuses or deprecates: it works only while the code declares it exactly so',
  severity: { '4.0': 'warning', '4.1': 'warning', '4.2': 'warning', '4.3': 'error' },
  fixable: 'none',
  docs: 'broker-queue-argument',
  brokerError: '541 INTERNAL_ERROR - Feature `queue_master_locator` is deprecated.',
};

export const BROKER_MIRRORING_POLICY: RuleInfo = {
  id: 'broker-mirroring-policy',
  title: 'A policy with classic queue mirroring keys (ha-mode, ...): removed in 4.0, and 4.x rejects such a policy',
  severity: ALL_TARGETS('error'),
  fixable: 'none',
  docs: 'broker-mirroring-policy',
  brokerError: '400 Validation failed [{<<"ha-mode">>,<<"all">>}] are not recognised policy settings',
};

export const BROKER_UNSAFE_CONSUMER: RuleInfo = {
  id: 'broker-unsafe-consumer',
  title: 'A live consumer with automatic acknowledgement, or manual acknowledgement and no prefetch',
  severity: ALL_TARGETS('warning'),
  fixable: 'none',
  docs: 'broker-unsafe-consumer',
};

export const BROKER_REDECLARE_MISMATCH: RuleInfo = {
  id: 'broker-redeclare-mismatch',
  title: 'A queue the code declares that the broker holds with other flags, type or arguments: the declaration fails',
  severity: ALL_TARGETS('error'),
  fixable: 'none',
  docs: 'broker-redeclare-mismatch',
  brokerError: "406 PRECONDITION_FAILED - inequivalent arg 'x-queue-type' for queue 'Q' in vhost '/'",
};

export const AUDIT_RULES: readonly RuleInfo[] = [BROKER_TRANSIENT_QUEUE, BROKER_QUEUE_ARGUMENT, BROKER_MIRRORING_POLICY, BROKER_UNSAFE_CONSUMER, BROKER_REDECLARE_MISMATCH];
