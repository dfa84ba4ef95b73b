// What a client reads from the recognition ladder (the tracker's `receiversOf`): its own object a call is made on,
// traced or inferred, and how the call was recognised, for the subjects it builds from the call.
import type * as t from '@babel/types';
import type { FileModel, Recognition } from '../../model';
import type { FileContext } from '../../resolve/file-context';
import type { LibObject } from '../../resolve/objects/shape';

type CallNode = t.CallExpression | t.OptionalCallExpression;

/** A receiver of one client, and how it was recognised (nothing to say for a traced one that fits no other client). */
export interface Receiver {
  obj: LibObject;
  note: Recognition;
}

/** The client an object is of (amqplib's channels say which client handed them out). */
export const clientOf = (o: LibObject): string => (typeof o.facts.client === 'string' ? o.facts.client : o.library);

/** The object of `library` (and one of `kinds`, if given) the call is made on, by the ladder: traced, else inferred. */
export function receiverAt(ctx: FileContext, call: CallNode, library: string, kinds?: ReadonlySet<string>): Receiver | undefined {
  const all = ctx.resolver.project?.objects.receiversOf(call, ctx) ?? [];
  const obj = all.find((o) => o.library === library && (!kinds || kinds.has(o.kind)));
  return obj ? { obj, note: recognition(obj, all) } : undefined;
}

/** How a call on `obj` was recognised, `all` being every receiver the ladder gave for it. */
export function recognition(obj: LibObject, all: readonly LibObject[]): Recognition {
  const among = all.length > 1 ? [...new Set(all.map(clientOf))] : [];
  return { ...(obj.inferred ? { untraced: obj.inferred } : {}), ...(among.length > 1 ? { among } : {}) };
}

/** A subject read from a call, with how its receiver was recognised (also when it is read again at a call site of its function). */
export function recognised<S extends Recognition & { rebuild?: (ctx: object) => S }>(subject: S, note: Recognition | undefined): S {
  if (!note || (!note.untraced && !note.among)) return subject;
  const { rebuild } = subject;
  return { ...subject, ...note, ...(rebuild ? { rebuild: (ctx: object) => recognised(rebuild(ctx), note) } : {}) };
}

type SubjectLists = Pick<FileModel, 'declarations' | 'consumers' | 'qos' | 'publishes' | 'bindings' | 'exchanges' | 'queueDeletions'>;
const LISTS = ['declarations', 'consumers', 'qos', 'publishes', 'bindings', 'exchanges', 'queueDeletions'] as const;

/** Runs `read` (which adds the subjects of one call to the model) and marks what it added with how the call was recognised. */
export function withRecognition(model: SubjectLists, note: Recognition | undefined, read: () => void): void {
  if (!note || (!note.untraced && !note.among)) return read();
  const before = LISTS.map((k) => model[k].length);
  read();
  LISTS.forEach((k, i) => {
    const list = model[k] as (Recognition & { rebuild?: (ctx: object) => never })[];
    for (let j = before[i]; j < list.length; j++) list[j] = recognised(list[j], note);
  });
}
