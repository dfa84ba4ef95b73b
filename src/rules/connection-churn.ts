// Rule connection-churn: a connection or channel opened per message or request.
import { ALL_TARGETS, type OpenRule, type Violation } from './types';

export const connectionChurn: OpenRule = {
  meta: {
    id: 'connection-churn',
    title: 'A connection or channel opened per message or per request',
    appliesTo: 'connection-open',
    severity: ALL_TARGETS('warning'),
    fixable: 'annotate',
    docs: 'connection-churn',
  },
  checkOpen(o): Violation[] {
    const where = o.inLoop ? 'inside a loop' : o.inHandler ? `in ${o.inHandler}` : o.openPublishClose ? 'in a function that publishes and closes it again' : undefined;
    if (!where) return [];
    return [
      {
        severity: 'warning',
        message: `${o.callee} opens a ${o.what} ${where}: a ${o.what} per message or request costs several broker round trips and broker memory each time (connection churn), and throttles throughput.`,
        advice: `open the ${o.what} once (at start-up) and reuse it for every message`,
      },
    ];
  },
};
