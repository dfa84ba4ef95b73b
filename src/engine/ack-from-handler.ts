// A consumer whose noAck the code does not settle, but whose handler acks each message: manual ack.
import { known, type Consumer } from '../model';

/**
 * With noAck: true an explicit ack names a delivery tag the broker never issued, and the broker
 * closes the channel (406 PRECONDITION_FAILED - unknown delivery tag 1, test/broker/ack-settles-ack-mode.test.ts):
 * code that acks (or nacks) every message it handles runs its consumer with manual ack.
 */
export function settleAckFromHandler(c: Consumer): void {
  // `{ noAck: true, ...opts }` acking in its handler: broken unless opts says otherwise; left unknown.
  if (c.ack.kind !== 'unknown' || !c.handlerFacts || c.ackWritten === 'auto') return;
  const settles = [...c.handlerFacts.acks, ...c.handlerFacts.rejections];
  if (!settles.length) return;
  const first = settles[0];
  // A call (`msg.ack()`) is said as one; a statement that settles (`return new Nack()`) as what the handler ends with.
  const call = /^\S+\(\)/.test(first.what) ? first.what.replace(/^(\S+\(\))/, 'calls $1') : `ends with \`${first.what}\``;
  c.ackFromHandler = `It runs with manual ack: its handler ${call}, which with noAck: true would close the channel (406 PRECONDITION_FAILED - unknown delivery tag); noAck itself is not settled by the code (${c.ack.reason}).`;
  c.ack = known('manual', first.at);
}
