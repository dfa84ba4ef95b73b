import { expect, it } from 'vitest';
import type { Finding } from '../../src/model';
import { ruleById } from '../../src/rules';
import { showOutcome, type Outcome } from './drivers';
import { withQueueName } from './harness';
import { asStated } from './scope';

/** What a case ran: the module, the codemod's finding for the rule, the broker's answer. */
export interface Refusal {
  source: string;
  finding?: Finding;
  before: Outcome;
}

/**
 * The tests every refused case has: the broker refused the original with exactly the finding's
 * brokerError, and, for the rule's main case, with exactly its meta.brokerError (Q = `queue`).
 */
export function itIsRefusedAsStated(driverId: string, ruleId: string, main: boolean | undefined, queue: string, get: () => Refusal): void {
  it("the original is refused with exactly the finding's brokerError", () => {
    const { source, finding, before } = get();
    expect(before.accepted, `the broker accepted:\n${source}`).toBe(false);
    const { actual, want } = asStated(before.accepted ? undefined : before.reply, finding!.brokerError!);
    expect(actual, `${driverId} surfaced ${showOutcome(before)}; the finding says ${finding!.brokerError}`).toEqual(want);
  });

  if (main) {
    it(`the reply is ${ruleId}'s meta.brokerError`, () => {
      const { before } = get();
      const { actual, want } = asStated(before.accepted ? undefined : before.reply, withQueueName(ruleById(ruleId)!.meta.brokerError!, queue));
      expect(actual, `${driverId} surfaced ${showOutcome(before)}`).toEqual(want);
    });
  }
}
