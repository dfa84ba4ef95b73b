// Rule connection-churn: a connection or channel opened once per message, request or loop item.
import type { UnitOfWork } from '../model';
import { ALL_TARGETS, type OpenRule, type Violation } from './types';

/** "in the consume handler at worker.ts:14", or "in publish() (called at orders.ts:20), in the HTTP route handler at server.ts:9". */
function where(unit: UnitOfWork): string {
  const at = `${unit.file}:${unit.line}`;
  const place = unit.exported
    ? `in each call of ${unit.exported.name} at ${at}, which the module exports and which publishes on it${unit.exported.leaks ? ' and never closes it' : ''}`
    : unit.kind === 'a loop'
      ? `in each run of the loop at ${at}`
      : `in ${unit.kind} at ${at}`;
  if (!unit.via.length) return place;
  const chain = unit.via.map((v) => `${v.name} (called at ${v.file}:${v.line})`).join(', from ');
  return `in ${chain}, ${place}`;
}

export const connectionChurn: OpenRule = {
  meta: {
    id: 'connection-churn',
    title: 'A connection or channel opened per message or per request',
    appliesTo: 'connection-open',
    severity: ALL_TARGETS('warning'),
    fixable: 'annotate',
    docs: 'connection-churn',
    dependsOn:
      'what it must see: the open runs once per consumed message, request or loop item (the handler or loop around it, through the functions that call it across files), and its result is not kept for the next run. A channel opened per request on a connection the request does not open (a field, a module variable, a parameter) and closed in a finally block or after use is not reported: a short-lived channel on a long-lived connection is how a request handler is meant to use one. A loop over a few items the code writes out (at most 32: `for (let i = 0; i < 5; i++)`, a list of queues) is not a unit of work: the code around it decides (start-up: a pool, nothing; a request handler: per request). An exported function of a library that opens and sends (itself or through the functions it calls) with no caller in the project is per message; an exported helper of an application that opens and sends in itself, in a module another file imports, with no caller the analysis follows (a DI container, a call by name), is an info saying how often it runs is not seen',
  },
  checkOpen(o): Violation[] {
    const unit = o.perUnitOfWork;
    if (!unit) return [];
    const per = unit.per ?? (unit.kind === 'a loop' ? 'item' : /consume|message|event/.test(unit.kind) ? 'message' : 'request');
    // One channel per request on the shared connection, always closed: the cost is one round trip, and nothing leaks.
    if (per === 'request' && o.channelOnShared) return [];
    // Opened per call and never closed: every call leaves one open on the broker.
    const leak = unit.exported?.leaks
      ? ` Nothing closes it, so every call leaks a ${o.what}: the broker keeps each one (and its memory) until the ${o.what === 'channel' ? 'connection' : 'process'} closes${o.what === 'channel' ? ', and no channel can be opened on it once its channel_max (2047 by default) is used up' : ''}.`
      : '';
    // An application's exported helper whose callers are not followed: each call opens one, but how often it runs is not seen.
    if (unit.exported?.unfollowed) {
      return [
        {
          severity: 'info',
          message: `${o.callee} opens a ${o.what} in each call of ${unit.exported.name} (${unit.file}:${unit.line}), which the module exports and which publishes on it${unit.exported.leaks ? ' and never closes it' : ''}: every message sent through it opens a new ${o.what}. Nothing in the repository calls it in a way the analysis follows (a dependency-injection container, a call by name), so how often it runs is not seen: if it runs per message or per request, this is connection churn (several broker round trips and broker memory each time).${leak}`,
          advice: `open the ${o.what} once at start-up and let ${unit.exported.name} reuse it`,
        },
      ];
    }
    return [
      {
        severity: 'warning',
        message: `${o.callee} opens a ${o.what} once per ${per}: it is opened ${where(unit)}. A ${o.what} per ${per} costs several broker round trips and broker memory each time (connection churn), and throttles throughput.${leak}`,
        advice: `this opens a ${o.what} once per ${per} (${where(unit)}): open it once at start-up and reuse it for every ${per}`,
      },
    ];
  },
};
