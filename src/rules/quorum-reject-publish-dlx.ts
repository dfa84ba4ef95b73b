// Rule quorum-reject-publish-dlx: a quorum queue with x-overflow reject-publish-dlx.
import { valueOf } from '../model';
import { ALL_TARGETS, type DeclarationRule, type Violation } from './types';
import { queueLabel, queueTypeOf, typeNote } from './queue-facts';

/**
 * A quorum queue with x-overflow reject-publish-dlx: accepted, logged, and run as drop-head
 * (catalogue B3; a 4.3.6 broker accepts it). Annotated, not rewritten: reject-publish only helps a
 * publisher that uses confirms and handles the nacks, and an existing queue refuses the changed
 * argument (406 inequivalent arg 'x-overflow', checked on 4.3.6).
 */
export const quorumRejectPublishDlx: DeclarationRule = {
  meta: {
    id: 'quorum-reject-publish-dlx',
    title: 'A quorum queue with x-overflow reject-publish-dlx: silently runs as drop-head',
    appliesTo: 'queue-declaration',
    severity: ALL_TARGETS('warning'),
    fixable: 'annotate',
    docs: 'quorum-reject-publish-dlx',
  },
  checkDeclaration(decl, ctx): Violation[] {
    if (queueTypeOf(decl, ctx) !== 'quorum' || decl.passive) return [];
    const arg = decl.arguments.find((a) => a.key === 'x-overflow' && valueOf(a.value) === 'reject-publish-dlx');
    if (!arg) return [];
    const spelled = arg.via === 'option' ? `${arg.spelledAs}: 'reject-publish-dlx' (x-overflow)` : "x-overflow: 'reject-publish-dlx'";
    return [
      {
        severity: 'warning',
        message: `${queueLabel(decl)}${typeNote(decl, ctx)} is a quorum queue with ${spelled}, which quorum queues do not support: the broker accepts the declaration, logs a warning and uses drop-head, so a full queue drops (or dead-letters) its oldest messages instead of refusing new ones.`,
        focus: arg.value.kind !== 'default' ? arg.value.origin : undefined,
        advice:
          "use x-overflow: 'reject-publish' and publish with publisher confirms, re-routing nacked messages in the publisher; an existing queue refuses the changed argument (406 inequivalent arg 'x-overflow'), so delete and recreate it (or move to a new queue name) when deploying the change",
      },
    ];
  },
};
