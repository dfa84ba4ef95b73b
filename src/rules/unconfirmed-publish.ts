// Rule unconfirmed-publish: a publish without confirms whose result the code treats as delivered.
import { ALL_TARGETS, type PublishRule, type Violation } from './types';

export const unconfirmedPublish: PublishRule = {
  meta: {
    id: 'unconfirmed-publish',
    title: "A publish on a channel without publisher confirms, whose result the code treats as 'delivered'",
    appliesTo: 'publish',
    severity: ALL_TARGETS('warning'),
    fixable: 'annotate',
    docs: 'unconfirmed-publish',
  },
  checkPublish(p): Violation[] {
    if (p.returns !== 'buffer-state' || (p.resultUse !== 'awaited' && p.resultUse !== 'tested')) return [];
    // Testing the result to wait for 'drain' is back-pressure (publisher-backpressure), not a confusion with confirms.
    if (p.resultUse === 'tested' && p.pacing?.signal === 'false-then-drain' && p.pacing.waitsForDrain) return [];
    if (p.confirms.kind === 'unknown') return [];
    if (p.confirms.value) {
      return [
        {
          severity: 'info',
          message: `${p.callee} returns whether the write buffer has room, not the broker's confirm: ${p.resultUse === 'awaited' ? 'awaiting' : 'testing'} it does not wait for the confirm of this confirm channel.`,
          advice: 'pass a callback to publish/sendToQueue, or await waitForConfirms(), to know the broker has the message',
        },
      ];
    }
    return [
      {
        severity: 'warning',
        message: `${p.callee} on a channel without publisher confirms returns only whether the write buffer has room; ${p.resultUse === 'awaited' ? 'awaiting' : 'testing'} it does not mean the broker has the message, and a message lost on the way goes unnoticed.`,
        advice: 'publish on a confirm channel (createConfirmChannel) and wait for the confirm (the publish callback, or waitForConfirms())',
      },
    ];
  },
};
