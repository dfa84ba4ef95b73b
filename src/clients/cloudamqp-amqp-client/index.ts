// @cloudamqp/amqp-client: the ClientModule for its channels and v4 sessions.
import { calleeMethod, isCall } from '../../parse/ast';
import { ConfirmSelects, openSubject, publishSubject } from '../object-api/subjects';
import { booleanOption, optionsOf } from '../model-builders/options';
import { callArgs } from '../model-builders/call-parts';
import type { FileModel, Recognition, Resolved } from '../../model';
import { withRecognition } from '../model-builders/receivers';
import type { ClientModule } from '../types';
import { shared, type FileContext } from '../../resolve/file-context';
import { keyLineage } from '../../resolve/objects/traced';
import type { CallNode } from '../model-builders/resolved';
import { cloudamqpObjects, type CloudamqpKind, CLOUDAMQP_SHAPE } from './objects';
import { channelQueueDeclaration, LIBRARY, sessionQueueDeclaration } from './declarations';
import { basicConsumeCall, qosCall, subscribeCall } from './consumers';
import { renderCloudamqp } from './render';
import { cloudamqpAdvice } from './advice';
import { basicPublishFacts, queuePublishFacts } from './publish';
import { queueBindCall } from './bindings';
import { CLOUDAMQP_FRAME_MAX_MINIMUM, cloudamqpFrameMax } from './frame-max';
import { exchangeDeclareCall, propertiesHeaders, queueDeleteCall } from './topology';

const PUBLISH_METHODS = ['basicPublish', 'publish'];
/** Every method the analysis reads, on any of the library's objects. */
const METHODS = new Set(['connect', 'channel', 'queue', 'exchange', 'confirmSelect', 'queueDeclare', 'basicConsume', 'queueBind', 'prefetch', 'basicQos', 'basicPublish', 'exchangeDeclare', 'queueDelete', 'subscribe', 'delete', 'publish']);

/**
 * @cloudamqp/amqp-client: AMQPClient channels (queueDeclare, v2/v3 queue(), basicConsume with its
 * automatic-ack default, prefetch/basicQos, confirmSelect + basicPublish) and the v4 AMQPSession
 * (session.queue(), q.subscribe() with the library acking after the callback, q.publish() with
 * confirms on by default), exchange declarations, queue deletions and message headers. Queue flags default by name: a named queue is durable, '' is exclusive.
 */
export const cloudamqpAmqpClient: ClientModule = {
  name: LIBRARY,
  shapes: [CLOUDAMQP_SHAPE],
  mentions: /@cloudamqp\/amqp-client/,
  analyze(ctx: FileContext, model: FileModel) {
    const objects = cloudamqpObjects(ctx);
    const confirms = new ConfirmSelects((channel) => confirmSelectedIn(channel.made, channel.key));
    const calls: { call: CallNode; method: string; target: CloudamqpKind; note: Recognition }[] = [];
    for (const node of ctx.file.nodes) {
      if (!isCall(node)) continue;
      const m = calleeMethod(node);
      // Only the library's own methods: tracing the receiver of every call of a file is not worth it.
      const found = m && METHODS.has(m.method) && objects.kindAt(node);
      if (!m || !found) continue;
      const target = found.kind;
      if (target.kind === 'channel' && m.method === 'confirmSelect') confirms.add(target, node);
      calls.push({ call: node, method: m.method, target, note: found.note });
    }
    for (const { call, method, target, note } of calls) withRecognition(model, note, () => onCall(ctx, model, call, method, target, confirms));
  },
  render: renderCloudamqp,
  advice: cloudamqpAdvice,
};

/** The subjects of one call on one of the library's objects. */
function onCall(ctx: FileContext, model: FileModel, call: CallNode, method: string, target: CloudamqpKind, confirms: ConfirmSelects): void {
  switch (target.kind) {
    case 'client':
      if (method === 'connect') model.opens.push(openSubject(ctx, call, LIBRARY, 'connection', PUBLISH_METHODS, cloudamqpFrameMax(ctx, call, false), CLOUDAMQP_FRAME_MAX_MINIMUM));
      if (method === 'channel') model.opens.push(openSubject(ctx, call, LIBRARY, 'channel', PUBLISH_METHODS));
      break;
    case 'session-class':
      if (method === 'connect') model.opens.push(openSubject(ctx, call, LIBRARY, 'connection', PUBLISH_METHODS, cloudamqpFrameMax(ctx, call, true), CLOUDAMQP_FRAME_MAX_MINIMUM));
      break;
    case 'session':
      if (method === 'queue') model.declarations.push(sessionQueueDeclaration(ctx, call));
      if (method === 'exchange') model.exchanges.push(exchangeDeclareCall(ctx, call, 'session'));
      break;
    case 'channel':
      onChannel(ctx, model, call, method, target, confirms);
      break;
    case 'channel-queue':
    case 'session-queue':
    case 'queue':
      onQueue(ctx, model, call, method, target, confirms);
      break;
  }
}

function onChannel(ctx: FileContext, model: FileModel, call: CallNode, method: string, channel: Extract<CloudamqpKind, { kind: 'channel' }>, confirms: ConfirmSelects): void {
  switch (method) {
    case 'queueDeclare':
    case 'queue':
      model.declarations.push(channelQueueDeclaration(ctx, call));
      break;
    case 'basicConsume':
      model.consumers.push(basicConsumeCall(ctx, call, channel.key));
      break;
    case 'queueBind':
      model.bindings.push(queueBindCall(ctx, call));
      break;
    case 'prefetch':
    case 'basicQos':
      model.qos.push(qosCall(ctx, call, channel.key, method));
      break;
    case 'basicPublish':
      model.publishes.push({ ...publishSubject(ctx, call, LIBRARY, channel.key, confirms.confirmsAt(ctx, channel, call), 'basic-publish', basicPublishFacts(ctx, call)), headers: propertiesHeaders(ctx, call, 3) });
      break;
    case 'exchangeDeclare':
      model.exchanges.push(exchangeDeclareCall(ctx, call, 'channel'));
      break;
    case 'queueDelete':
      model.queueDeletions.push(queueDeleteCall(ctx, call, callArgs(call)[0], callArgs(call)[1]));
      break;
  }
}

type QueueKind = Extract<CloudamqpKind, { kind: 'channel-queue' | 'session-queue' | 'queue' }>;

function onQueue(ctx: FileContext, model: FileModel, call: CallNode, method: string, q: QueueKind, confirms: ConfirmSelects): void {
  if (method === 'subscribe') model.consumers.push(subscribeCall(ctx, call, q));
  if (method === 'delete' && q.kind !== 'queue' && (q.kind !== 'channel-queue' || q.name)) model.queueDeletions.push(queueDeleteCall(ctx, call, q.name, callArgs(call)[0]));
  if (method === 'publish') {
    // v2/v3 q.publish() is channel.basicPublish(); v4's has its own confirm option.
    const channel = q.kind === 'channel-queue' && q.channel.key ? q.channel.key : `queue:${call.start}`;
    const form = q.kind === 'channel-queue' ? 'basic-publish' : 'session-publish';
    model.publishes.push({ ...publishSubject(ctx, call, LIBRARY, channel, queuePublishConfirms(ctx, call, q, confirms), form, queuePublishFacts(ctx, call)), headers: propertiesHeaders(ctx, call, 1) });
  }
}

/** Whether the module that makes a channel calls `confirmSelect()` on it (read once per module). */
function confirmSelectedIn(made: FileContext, key: string | undefined): boolean {
  const selected = shared(made, 'cloudamqp-confirm-selects', () => {
    const keys = new Set<string>();
    const objects = cloudamqpObjects(made);
    for (const node of made.file.nodes) {
      const m = isCall(node) ? calleeMethod(node) : undefined;
      const channel = m?.method === 'confirmSelect' ? objects.kindOf(m.object) : undefined;
      if (channel?.kind === 'channel') keys.add(channel.key);
    }
    return keys;
  });
  return !!key && keyLineage(key).some((k) => selected.has(k));
}

/**
 * v4 `q.publish(body, { confirm = true })` waits for the confirm unless confirm is false; v2/v3
 * `q.publish()` is `channel.basicPublish()`, confirmed only on a channel in confirm mode.
 */
function queuePublishConfirms(ctx: FileContext, call: CallNode, q: QueueKind, confirms: ConfirmSelects): Resolved<boolean> {
  if (q.kind === 'channel-queue') return confirms.confirmsAt(ctx, { kind: 'channel', ...q.channel }, call);
  if (q.kind === 'queue') return { kind: 'unknown', reason: `the AMQPQueue is handed in: its publish() confirms by default in ${LIBRARY} v4 only` };
  return booleanOption(optionsOf(ctx, callArgs(call)[1], 'publish options'), 'confirm', true, LIBRARY);
}
