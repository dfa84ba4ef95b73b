// A consume call whose own code cancels the consumer it starts (`ch.cancel(tag)` in its handler or in the function
// that starts it): a short-lived consumer, such as a test's that takes one message and stops.
import { calleeMethod, unwrap, type Node } from '../../parse/ast';
import type { CallNode } from '../model-builders/resolved';
import type { FileContext } from '../../resolve/file-context';
import { isTestFile } from '../../resolve/test-files';
import type { Consumer } from '../../model';

/** `receiver.cancel(...)` on the consume call's own receiver, within the function around the consume (its handler included). */
export function ownCancelOf(ctx: FileContext, call: CallNode): Consumer['ownCancel'] {
  const m = calleeMethod(call);
  const around = ctx.file.innermostFunction(ctx.file.span(call));
  if (!m || !around) return undefined;
  const receiver = ctx.file.source(unwrap(m.object)).replace(/\s+/g, '');
  for (const cancel of ctx.file.callsNamed('.cancel')) {
    const c = calleeMethod(cancel);
    if (!c || (cancel.start ?? 0) < (around.start ?? 0) || (cancel.end ?? 0) > (around.end ?? 0)) continue;
    if (ctx.file.source(unwrap(c.object as Node)).replace(/\s+/g, '') !== receiver) continue;
    return { at: ctx.file.span(cancel), what: ctx.file.source(cancel).replace(/\s+/g, ' ').slice(0, 60), ...(isTestFile(ctx.file.path) ? { test: true as const } : {}) };
  }
  return undefined;
}
