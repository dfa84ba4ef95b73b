// Consumers that subscribe to a queue by name and take their ack mode and prefetch from its declaration elsewhere.
import { valueOf, type Consumer, type FileModel, type QueueDeclaration } from '../model';

/**
 * Each consumer with `fromDeclaration` (foo-foo-mq's `startSubscription(name)`) takes the ack mode and prefetch of its
 * queue's declarations in the analysed files by the same client (`configure({ queues })` in another module): when they
 * agree, those; when they disagree, unknown, naming the places. With none, the library's defaults stay, and say so.
 */
export function settleSubscriptions(files: readonly { model: FileModel; absolute: string }[], connected: (a: string, b: string) => boolean): void {
  const byName = new Map<string, { d: QueueDeclaration; absolute: string }[]>();
  for (const { model, absolute } of files) {
    for (const d of model.declarations) {
      const name = valueOf(d.name);
      const key = `${d.client}|${name}`;
      if (d.subscription && name !== undefined) byName.set(key, [...(byName.get(key) ?? []), { d, absolute }]);
    }
  }
  if (!byName.size) return;
  for (const { model: m, absolute } of files) {
    // A queue whose declaration starts its consumer itself: the library ignores a second subscription to it.
    m.consumers = m.consumers.filter((c) => {
      const name = valueOf(c.queue);
      // Only the declarations of the same program: the modules an import chain joins to the consumer's.
      const found = c.fromDeclaration && name !== undefined ? byName.get(`${c.client}|${name}`)?.filter((x) => x.absolute === absolute || connected(x.absolute, absolute)).map((x) => x.d) : undefined;
      if (!found?.length) return true;
      if (found.some((d) => d.subscription!.started)) return false;
      settle(c, found);
      return true;
    });
  }
}

function settle(c: Consumer, declarations: QueueDeclaration[]): void {
  const [first, ...rest] = declarations.map((d) => d.subscription!);
  const same = rest.every((s) => valueOf(s.ack) === valueOf(first.ack) && s.ack.kind !== 'unknown' && valueOf(s.prefetch) === valueOf(first.prefetch) && (s.prefetch === undefined) === (first.prefetch === undefined));
  c.fromDeclaration = undefined;
  if (same) {
    c.ack = first.ack;
    c.prefetch = first.prefetch;
    // A finding about what the options leave out (no limit) goes where they are written, to be fixed there.
    const home = declarations[0];
    if (home.at.file !== c.at.file) c.optionsAt ??= { span: home.at, statementStart: home.statementStart };
    return;
  }
  const places = declarations.map((d) => `${d.at.file}`).join(', ');
  c.ack = { kind: 'unknown', reason: `the queue is declared in several places (${places}) with different options` };
  c.prefetch = { kind: 'unknown', reason: `the queue is declared in several places (${places}) with different limits` };
}
