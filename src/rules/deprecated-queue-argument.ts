// Rule deprecated-queue-argument: x-queue-master-locator, x-queue-mode, x-queue-version, x-cancel-on-ha-failover.
import { valueOf, type Consumer, type QueueArgument, type QueueDeclaration } from '../model';
import { atLeast, type DeclarationRule, type RuleContext, type Violation } from './types';
import { queueLabel, queueNameForError, queueTypeOf, vhostOf } from './queue-facts';
import { consumerLabel } from './consumer-facts';

/** x-queue-master-locator values and the leader-locator value 4.x maps them to. */
export function leaderLocatorFor(value: unknown): string {
  return value === 'client-local' ? 'client-local' : 'balanced';
}

const REDECLARE = (key: string) =>
  `A queue that already exists with ${key} keeps it: RabbitMQ compares arguments on every redeclaration, so the changed declaration is refused with 406 PRECONDITION_FAILED - inequivalent arg '${key}' until the queue is deleted and recreated (or the code moves to a new queue name). Plan that step (see MIGRATION.md), or run fix with --safe-only to annotate instead.`;

export const deprecatedQueueArgument: DeclarationRule = {
  meta: {
    id: 'deprecated-queue-argument',
    title: 'A classic-queue argument that 4.x deprecates or no longer honours (x-queue-master-locator, x-queue-version, x-queue-mode; the consumer argument x-cancel-on-ha-failover)',
    appliesTo: 'queue-declaration',
    severity: { '4.0': 'warning', '4.1': 'warning', '4.2': 'warning', '4.3': 'error' },
    fixable: 'rewrite',
    dependsOn: 'x-queue-master-locator and x-queue-version (other than 2): error on 4.3, warning before (an x-queue-version whose value is unknown: warning), rewritten; x-queue-mode and the consumer argument x-cancel-on-ha-failover: warning, annotated (remove them when the queue is recreated); x-queue-version: 2: info, reported only (harmless)',
    docs: 'deprecated-queue-argument',
    brokerError: '541 INTERNAL_ERROR - Feature `queue_master_locator` is deprecated.',
  },
  checkDeclaration(decl, ctx): Violation[] {
    if (queueTypeOf(decl, ctx) !== 'classic' || decl.passive) return [];
    const out: Violation[] = [];
    for (const arg of decl.arguments) {
      const v = check(decl, arg, ctx);
      if (v) out.push(v);
    }
    return out;
  },
  checkConsumer(consumer): Violation[] {
    return consumer.consumerArguments.filter((a) => a.key === 'x-cancel-on-ha-failover').map((a) => cancelOnHaFailover(consumer, a.value));
  },
};

/** Classic queue mirroring was removed in 4.0: the consumer argument is ignored by every queue type. */
function cancelOnHaFailover(consumer: Consumer, value: Consumer['consumerArguments'][number]['value']): Violation {
  return {
    severity: 'warning',
    message: `${consumerLabel(consumer)} sets the consumer argument x-cancel-on-ha-failover: classic queue mirroring was removed in 4.0 and every queue type ignores the argument, so no cancel comes on a failover; a classic queue has one replica, and while its node is down consuming fails with 404 NOT_FOUND (home node ... is down or inaccessible).`,
    focus: value.kind !== 'default' ? value.origin : undefined,
    advice: 'remove x-cancel-on-ha-failover; for a queue that must survive a node failure use a quorum queue (x-queue-type: quorum), and for a classic queue retry consume on 404 NOT_FOUND',
  };
}

function check(decl: QueueDeclaration, arg: QueueArgument, ctx: RuleContext): Violation | undefined {
  const is43 = atLeast(ctx.target, '4.3');
  const focus = arg.value.kind !== 'default' ? arg.value.origin : undefined;
  const label = queueLabel(decl);
  const spelled = arg.via === 'option' ? `${arg.spelledAs} (${arg.key})` : arg.key;
  switch (arg.key) {
    case 'x-queue-master-locator': {
      const locator = leaderLocatorFor(valueOf(arg.value));
      return {
        severity: is43 ? 'error' : 'warning',
        message: is43
          ? `${label} sets x-queue-master-locator: RabbitMQ 4.3 refuses to create a queue with it and closes the connection (deprecated feature queue_master_locator).`
          : `${label} sets x-queue-master-locator, deprecated since 4.0 and refused when creating a queue from 4.3.`,
        brokerError: '541 INTERNAL_ERROR - Feature `queue_master_locator` is deprecated.',
        focus,
        intents: [{ kind: 'replace-argument', key: arg.key, newKey: 'x-queue-leader-locator', newValue: locator }],
        advice: `replace x-queue-master-locator with x-queue-leader-locator: '${locator}', or better with a queue-leader-locator policy`,
        existingQueue: REDECLARE(arg.key),
        risky: true,
      };
    }
    case 'x-queue-version': {
      const version = valueOf(arg.value);
      if (version === 2 || version === '2') {
        return {
          severity: 'info',
          message: `${label} sets x-queue-version: 2, which every 4.x classic queue already is: harmless, and removing it would make an existing queue refuse the redeclaration.`,
          focus,
          advice: 'leave it, or remove it only when the queue is recreated',
        };
      }
      return {
        severity: is43 && version !== undefined ? 'error' : 'warning',
        message: is43
          ? `${label} sets x-queue-version: ${String(version ?? '(unknown)')}: classic queues v1 were removed in 4.0, and RabbitMQ 4.3 refuses any version but 2 (406).`
          : `${label} sets x-queue-version: ${String(version ?? '(unknown)')}: 4.0-4.2 ignore it (every classic queue is v2) and 4.3 refuses it (406).`,
        brokerError: `406 PRECONDITION_FAILED - invalid arg 'x-queue-version' for queue '${queueNameForError(decl)}' in vhost '${vhostOf(decl)}': "unsupported queue version '1'"`,
        focus,
        intents: [{ kind: 'remove-argument', key: arg.key }],
        advice: 'remove x-queue-version',
        existingQueue: REDECLARE(arg.key),
        risky: true,
      };
    }
    case 'x-queue-mode':
      // A value the code passes through without settling it (`queueMode: topology.queueMode`, a library user's optional
      // option) may be undefined, which the client leaves out: the code does not set it, and a set one is ignored anyway.
      if (arg.value.kind === 'unknown' && !arg.value.truthy && !arg.value.chosen) return undefined;
      // The 4.3 release notes announce a refusal, but a real 4.3.6 broker accepts and ignores it; removing
      // it makes an existing queue refuse the redeclaration (406 inequivalent arg) for no gain.
      return {
        severity: 'warning',
        message: `${label} sets ${spelled}: classic queues ignore it since 3.12 (they always page to disk). The 4.3 release notes announce that it is refused, but RabbitMQ 4.3.6 still accepts and ignores it.`,
        focus,
        advice: `remove ${spelled} when the queue is next recreated (removing it from the declaration of an existing queue is refused with 406 inequivalent arg 'x-queue-mode')`,
      };
    default:
      return undefined;
  }
}
