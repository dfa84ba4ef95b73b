// Model building blocks of the object-API family (rabbitmq-client, @cloudamqp/amqp-client): the parts
// of a Publish or ConnectionOpen, and the confirm-mode tracking, that do not depend on either's syntax.
import { connectionOpenAt } from '../model-builders/connection-open';
import type { FrameMaxSetting } from '../model-builders/frame-max';
import type * as t from '@babel/types';
import { known, unknown, type ConnectionOpen, type Publish, type Resolved } from '../../model';
import type { FileContext } from '../../resolve/file-context';
import { confirmOnlyLoop, resultUse } from '../model-builders/call-context';
import { publishPacing } from '../model-builders/pacing';
import type { CallNode } from '../model-builders/resolved';
import { calleeLabel, subjectAt } from '../model-builders/call-parts';
import type { TrackedKind } from './objects';
import { keyLineage } from '../../resolve/objects/traced';

/**
 * Channels put into confirm mode by `ch.confirmSelect()`: a publish on a channel confirms if
 * confirmSelect was called on it earlier in the file; a channel handed in may be either.
 */
export class ConfirmSelects {
  private readonly calls: { key: string; start: number }[] = [];

  /** `whereMade`: whether the module that makes a channel (another module) puts it in confirm mode there. */
  constructor(private readonly whereMade?: (channel: TrackedKind & { made: FileContext }) => boolean) {}

  add(channel: TrackedKind, call: CallNode): void {
    if (channel.key) this.calls.push({ key: channel.key, start: call.start ?? 0 });
  }

  confirmsAt(ctx: FileContext, channel: TrackedKind, call: CallNode): Resolved<boolean> {
    const at = ctx.file.span(call);
    // A channel a factory makes per call is in confirm mode if the factory put its channel in it.
    const lineage = channel.key ? keyLineage(channel.key) : [];
    const selected = this.calls.some((c) => lineage.includes(c.key) && c.start < (call.start ?? 0));
    if (selected) return known(true, at);
    // Made in another module: the setup there says whether it is a confirm channel.
    if (channel.handedIn && channel.made && this.whereMade) return this.whereMade(channel as TrackedKind & { made: FileContext }) ? known(true, at) : known(false, at);
    if (channel.handedIn) return unknown('the channel is handed in: it may or may not be in confirm mode (confirmSelect)');
    return known(false, at);
  }
}

/** What a publish sends and where: the body's size, the route and the mandatory flag (see publish-facts.ts). */
export type PublishFacts = Pick<Publish, 'payloadBytes' | 'payloadAt' | 'mandatory' | 'route'>;

/** `form`: how the library publishes here (a publisher's send, a channel's basicPublish, ...). */
export interface PublishSyntax {
  call: CallNode;
  form: string;
}

/**
 * A publish whose promise settles when the message is written (no confirms) or when the broker
 * confirms it. `waitsForConfirmInLoop`: awaited one by one inside a loop.
 */
export function publishSubject(ctx: FileContext, call: CallNode, client: string, channel: string, confirms: Resolved<boolean>, form: string, facts?: PublishFacts): Publish {
  const use = resultUse(ctx.file, call);
  const returns: Publish['returns'] = confirms.kind !== 'unknown' && confirms.value ? 'confirm' : 'buffer-state';
  return {
    kind: 'publish',
    ...subjectAt(ctx, call, client),
    channel,
    confirms,
    returns,
    resultUse: use,
    waitsForConfirmInLoop: !!confirmOnlyLoop(ctx.file, call) && returns === 'confirm' && use === 'awaited',
    ...facts,
    // Its promise settles once the message is written (or confirmed): a publisher that does not wait on it never slows down.
    pacing: publishPacing(ctx, call, 'promise'),
    syntax: { call, form } satisfies PublishSyntax,
  };
}

/** A connection or channel opened by `call`; `publishMethods` are the library's publish calls. */
export function openSubject(ctx: FileContext, call: CallNode | t.NewExpression, client: string, what: ConnectionOpen['what'], publishMethods: string[], frameMax?: FrameMaxSetting, frameMaxClientMinimum?: ConnectionOpen['frameMaxClientMinimum']): ConnectionOpen {
  return connectionOpenAt(ctx, call, { client, callee: calleeLabel(ctx, call), what, publishMethods, frameMax, frameMaxClientMinimum, syntax: { call } });
}
