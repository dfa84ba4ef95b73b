// Rule ignored-option-key: an option that never arrives: a key the client library never reads, one edit away from one
// it does, or a key a caller passes to a project function that never passes it on to the library.
import { ALL_TARGETS, type IgnoredOptionRule, type Violation } from './types';

export const ignoredOptionKey: IgnoredOptionRule = {
  meta: {
    id: 'ignored-option-key',
    title: 'An option key that never reaches the client library: one it ignores, one edit away from a key it reads (a misspelling, another library\'s name), or one a wrapper function never passes on',
    appliesTo: 'ignored-option',
    severity: ALL_TARGETS('info'),
    fixable: 'none',
    docs: 'ignored-option-key',
  },
  checkIgnoredOption(o): Violation[] {
    if (o.side === 'dropped' && o.through) {
      const { wrapper, reads, builtAt, via } = o.through;
      const only = reads.length === 1 ? `'${reads[0]}'` : `${reads.slice(0, -1).map((k) => `'${k}'`).join(', ')} and '${reads[reads.length - 1]}'`;
      const who = via.length ? `${via[0]} hands these options on to ${[...via.slice(1), wrapper].join(', then ')}, which` : wrapper;
      const target = o.callee.endsWith(')') ? `the options of ${o.callee}` : `the ${o.callee}`;
      return [
        {
          severity: 'info',
          message: `${who} never passes '${o.key}' on: it reads only ${only} of these options, where it builds ${target} (${builtAt}); ${o.uses}.`,
          advice:
            o.intended === o.key
              ? `pass '${o.key}' on in ${wrapper} (or spread its options into ${target}) if the caller is meant to decide it; otherwise leave it out here`
              : `read it in ${wrapper} and apply it as ${o.intended} if the caller is meant to decide it; otherwise leave it out here`,
        },
      ];
    }
    const intended = /^[\w$]+$/.test(o.intended) ? `'${o.intended}'` : o.intended;
    const message =
      o.side === 'written'
        ? `${o.callee} ignores the option '${o.key}' (meant as ${intended}?): ${o.uses}.`
        : `${o.callee} reads '${o.key}', which the options do not hold (they hold ${intended}): it is undefined, so ${o.uses}.`;
    const advice = o.side === 'written' ? `write it as ${intended} if that is what it means (the behaviour then changes to what the option says)` : `read ${intended}, the key the options hold, if that is what it means`;
    return [{ severity: 'info', message, advice }];
  },
};
