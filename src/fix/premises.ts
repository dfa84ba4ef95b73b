// The premise of each rewrite: what must hold for its edit to change nothing but the refusal it removes. The engine
// checks it before an edit is offered; a rewrite whose premise does not hold is annotated with the reason.
import type { FixIntent, QueueDeclaration, Resolved, Subject } from '../model';

export interface Premise {
  /** The condition, said as the user reads it ("the name is '' on every path"). */
  name: string;
  /** Why it does not hold for this subject, or undefined when it does. */
  fails(subject: Subject, intent: FixIntent): string | undefined;
}

/** The value is the same on every path the code shows: written once, or the library's default (never unknown). */
const settled = (what: string, r: Resolved<unknown> | undefined): string | undefined =>
  !r ? `${what} is not read` : r.kind === 'unknown' ? `${what} is not the same on every path (${r.reason})` : undefined;

const asDeclaration = (s: Subject): QueueDeclaration | undefined => (s.kind === 'queue-declaration' ? s : undefined);

const PREMISES: { [K in FixIntent['kind']]: (intent: Extract<FixIntent, { kind: K }>) => Premise } = {
  'set-flag': (intent) =>
    intent.flag === 'exclusive' && intent.value
      ? {
          // An exclusive queue is one connection's: only a server-named queue is one connection's already.
          name: "the queue is server-named ('') on every path, and exclusive is false on every path",
          fails: (s) => {
            const d = asDeclaration(s);
            if (!d) return 'not a queue declaration';
            if (d.name.kind === 'unknown') return `the queue's name is not '' on every path (${d.name.reason}): a named queue made exclusive is locked to one connection (405 RESOURCE_LOCKED for every other) and deleted with it`;
            if (d.name.value !== '') return `the queue is named '${d.name.value}'`;
            return settled('exclusive', d.exclusive);
          },
        }
      : {
          name: `${intent.flag} is ${String(!intent.value)} on every path (one written value or the library's default, not a fallback)`,
          fails: (s) => {
            const d = asDeclaration(s);
            return d ? settled(intent.flag, d[intent.flag]) : 'not a queue declaration';
          },
        },
  'remove-argument': (intent) => ({
    name: `${intent.key} is written with a literal key in this declaration, whose queue type is known on every path`,
    fails: (s) => {
      const d = asDeclaration(s);
      if (!d) return 'not a queue declaration';
      if (!d.arguments.some((a) => a.key === intent.key)) return `${intent.key} is not among the declaration's arguments`;
      return intent.key === 'x-queue-type' ? undefined : settled('x-queue-type', d.arguments.find((a) => a.key === 'x-queue-type')?.value ?? { kind: 'default', value: 'classic', library: 'broker' });
    },
  }),
  'replace-argument': (intent) => ({
    name: `${intent.key} has one value on every path, so ${intent.newKey}: '${intent.newValue}' means what it meant`,
    fails: (s) => {
      const d = asDeclaration(s);
      return d ? settled(intent.key, d.arguments.find((a) => a.key === intent.key)?.value) : 'not a queue declaration';
    },
  }),
  'drop-global-qos': () => ({
    name: 'global is true on every path',
    fails: (s) => (s.kind === 'qos' ? settled('global', s.global) : 'not a prefetch call'),
  }),
  'manual-ack': () => ({
    name: 'the consumer acknowledges automatically on every path',
    fails: (s) => (s.kind === 'consumer' ? settled('the ack mode', s.ack) : 'not a consumer'),
  }),
  'set-address': () => ({
    name: 'the address is one literal on every path',
    fails: (s) => (s.kind === 'amqp10-link' ? settled('the address', s.address) : 'not an AMQP 1.0 link'),
  }),
  'set-frame-max': () => ({
    name: 'frameMax is one value on every path',
    fails: (s) => (s.kind === 'connection-open' ? settled('frameMax', s.frameMax) : 'not a connection'),
  }),
  'raise-dependency': () => ({
    name: 'the range is written in the manifest (a range, not a tag or a URL)',
    fails: (s) => (s.kind === 'dependency' ? undefined : 'not a dependency'),
  }),
  'set-stream-offset': (intent) => ({
    name: 'the offset is a literal written in this consume call (no other consumer reads it)',
    fails: (s) => (intent.at.file === s.at.file && intent.at.start >= s.at.start && intent.at.end <= s.at.end ? undefined : 'the offset is written outside the consume call (a value other code may read)'),
  }),
  'guard-null-message': () => ({
    name: 'the handler is written here and names its message parameter',
    fails: (s) => (s.kind === 'consumer' && s.handler ? undefined : 'the handler is not written where the consumer is'),
  }),
};

export function premiseOf(intent: FixIntent): Premise {
  return (PREMISES[intent.kind] as (i: FixIntent) => Premise)(intent);
}

/** The first intent whose premise does not hold for the subject, with why. */
export function unmetPremise(subject: Subject, intents: readonly FixIntent[]): string | undefined {
  for (const intent of intents) {
    const premise = premiseOf(intent);
    const why = premise.fails(subject, intent);
    if (why) return `the rewrite relies on this, which does not hold here: ${premise.name}; ${why}`;
  }
  return undefined;
}

/** The conditions a set of intents relies on, for the finding's report. */
export const premisesOf = (intents: readonly FixIntent[]): string[] => [...new Set(intents.map((i) => premiseOf(i).name))];
