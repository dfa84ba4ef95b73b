/**
 * Whether the broker suite can run. With RABBITMQ4_BROKER_REQUIRED=1 (CI) a missing broker fails
 * here; otherwise the broker tests are skipped and this file says so, loudly, once.
 */
import { describe, expect, it } from 'vitest';
import {
  BROKER_REQUIRED,
  BROKER_URL,
  brokerAvailable,
  brokerProblem,
  LEGACY_URL,
  legacyBrokerAvailable,
  redact,
  SKIP_MESSAGE,
  START_HINT,
  strictUrl,
  legacyUrl,
} from './broker-env';
import { serverVersion } from './harness';

const strictOk = brokerAvailable();
const legacyOk = legacyBrokerAvailable();

if (!BROKER_REQUIRED && (!strictOk || !legacyOk)) {
  const missing = [
    strictOk ? undefined : `strict broker: ${brokerProblem(BROKER_URL, 'RABBITMQ_URL')}`,
    legacyOk ? undefined : `legacy broker: ${brokerProblem(LEGACY_URL, 'RABBITMQ_LEGACY_URL')}`,
  ].filter(Boolean);
  const bar = '!'.repeat(100);
  console.warn(
    [
      bar,
      !strictOk && !legacyOk
        ? SKIP_MESSAGE
        : strictOk
          ? `broker suite partly SKIPPED (redeclare tests): no legacy RabbitMQ 4 broker; ${START_HINT}`
          : `broker suite partly SKIPPED (declaration and worker tests): no strict RabbitMQ 4 broker; ${START_HINT}`,
      ...missing.map((m) => `  - ${m}`),
      '  CI sets RABBITMQ4_BROKER_REQUIRED=1, which turns a missing broker into a failure.',
      bar,
    ].join('\n'),
  );
}

describe('RabbitMQ 4 brokers for the broker suite', () => {
  it.runIf(BROKER_REQUIRED || strictOk)('the strict broker (RABBITMQ_URL) answers and is RabbitMQ 4.3 or later (required when RABBITMQ4_BROKER_REQUIRED=1)', async () => {
    expect(strictOk, `RABBITMQ4_BROKER_REQUIRED=1 but ${brokerProblem(BROKER_URL, 'RABBITMQ_URL')}; ${START_HINT}`).toBe(true);
    const version = await serverVersion(strictUrl());
    expect(version, `the broker at ${redact(strictUrl())} is RabbitMQ ${version}; the suite checks 4.3 behaviour`).toMatch(/^(4\.([3-9]|\d\d+)|[5-9])\./);
  });

  it.runIf(BROKER_REQUIRED || legacyOk)('the legacy broker (RABBITMQ_LEGACY_URL) answers (required when RABBITMQ4_BROKER_REQUIRED=1)', async () => {
    expect(legacyOk, `RABBITMQ4_BROKER_REQUIRED=1 but ${brokerProblem(LEGACY_URL, 'RABBITMQ_LEGACY_URL')}; ${START_HINT}`).toBe(true);
    const version = await serverVersion(legacyUrl());
    expect(version).toMatch(/^(4\.([3-9]|\d\d+)|[5-9])\./);
  });
});
