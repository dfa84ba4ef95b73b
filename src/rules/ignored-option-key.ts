// Rule ignored-option-key: an option the client library never reads, one edit away from one it does: it never arrives.
import { ALL_TARGETS, type IgnoredOptionRule, type Violation } from './types';

export const ignoredOptionKey: IgnoredOptionRule = {
  meta: {
    id: 'ignored-option-key',
    title: 'An option key the client library ignores, one edit away from a key it reads (a misspelling, another library\'s name): the option never arrives',
    appliesTo: 'ignored-option',
    severity: ALL_TARGETS('info'),
    fixable: 'none',
    docs: 'ignored-option-key',
  },
  checkIgnoredOption(o): Violation[] {
    const intended = /^[\w$]+$/.test(o.intended) ? `'${o.intended}'` : o.intended;
    const message =
      o.side === 'written'
        ? `${o.callee} ignores the option '${o.key}' (meant as ${intended}?): ${o.uses}.`
        : `${o.callee} reads '${o.key}', which the options do not hold (they hold ${intended}): it is undefined, so ${o.uses}.`;
    const advice = o.side === 'written' ? `write it as ${intended} if that is what it means (the behaviour then changes to what the option says)` : `read ${intended}, the key the options hold, if that is what it means`;
    return [{ severity: 'info', message, advice }];
  },
};
