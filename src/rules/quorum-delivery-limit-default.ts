// Rule quorum-delivery-limit-default: a quorum queue with no delivery limit and no dead-letter target.
import { valueOf } from '../model';
import { ALL_TARGETS, type DeclarationRule, type Violation } from './types';
import { queueLabel, queueTypeOf, typeNote } from './queue-facts';

export const quorumDeliveryLimitDefault: DeclarationRule = {
  meta: {
    id: 'quorum-delivery-limit-default',
    title: 'A quorum queue with no delivery limit and no dead-letter exchange: 4.x drops a message after 20 failed deliveries',
    appliesTo: 'queue-declaration',
    severity: ALL_TARGETS('info'),
    fixable: 'none',
    docs: 'quorum-delivery-limit-default',
    dependsOn:
      'what it must see: a quorum queue (named, or by the default queue type) declared with neither x-delivery-limit nor a dead-letter exchange. Where the declaration is in a function nothing in the repository calls, exports, registers or hands on (outside a test, not a decorated or lifecycle method), the finding says so first: the declaration may never run',
  },
  checkDeclaration(decl, ctx): Violation[] {
    if (queueTypeOf(decl, ctx) !== 'quorum' || decl.passive || decl.argumentsIncomplete) return [];
    // A quorum queue that is refused for its properties is another rule's finding.
    if (valueOf(decl.exclusive) || valueOf(decl.autoDelete) || valueOf(decl.durable) === false || valueOf(decl.name) === '') return [];
    const keys = new Set(decl.arguments.map((a) => a.key));
    if (keys.has('x-delivery-limit') || keys.has('x-dead-letter-exchange')) return [];
    // Code that may never run: said first, so that the reader checks it before acting on the rest.
    const hedge = decl.unreached ? `This declaration may never run: it is in ${decl.unreached}. If it does, ` : '';
    return [
      {
        severity: 'info',
        message: `${hedge}${queueLabel(decl)}${typeNote(decl, ctx)} is a quorum queue with no x-delivery-limit and no dead-letter exchange: from 4.0 a message whose delivery fails 20 times is dropped (dead-lettered if a policy sets a dead-letter exchange). On 4.3 rejects and lost deliveries count, nack-requeue does not.`,
        advice: 'set a dead-letter exchange or a delivery limit, preferably with a policy (dead-letter-exchange / delivery-limit): policies apply to existing queues without redeclaring them',
      },
    ];
  },
};
