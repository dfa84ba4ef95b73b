// rabbitmq-client: the ClientModule for its connections, channels, consumers and publishers.
import { calleeMethod, isCall, type Node } from '../../parse/ast';
import { defaulted, type FileModel, type Recognition, type Resolved } from '../../model';
import { withRecognition } from '../model-builders/receivers';
import type { ClientModule } from '../types';
import type { FileContext } from '../../resolve/file-context';
import type { CallNode } from '../model-builders/resolved';
import { ConfirmSelects, openSubject, publishSubject } from '../object-api/subjects';
import { booleanOption, optionsOf } from '../model-builders/options';
import { callArgs } from '../model-builders/call-parts';
import { rabbitmqClientObjects, type RabbitmqClientKind, RABBITMQ_CLIENT_SHAPE } from './objects';
import { consumerQueueDeclaration, LIBRARY, propsQueueDeclarations, queueDeclareCall } from './declarations';
import { basicConsumeCall, basicQosCall, createConsumerCall } from './consumers';
import { renderRabbitmqClient } from './render';
import { frameMaxOf } from '../model-builders/frame-max';
import { rabbitmqClientAdvice } from './advice';
import { rabbitmqClientPublishFacts } from './publish';
import { queueBindCall } from './bindings';
import { addTopologyCall, envelopeHeaders, propsExchangeDeclarations } from './topology';

const PUBLISH_METHODS = ['send', 'basicPublish'];

/** Every method the analysis reads, on the connection, a channel or a publisher. */
const METHODS = new Set(['acquire', 'confirmSelect', 'queueDeclare', 'queueBind', 'createConsumer', 'createPublisher', 'createRPCClient', 'basicConsume', 'basicQos', 'basicPublish', 'send', 'exchangeDeclare', 'queueDelete']);

/**
 * rabbitmq-client (cody-greene): `new Connection(url)`; queueDeclare on the connection or an
 * acquired channel; the queues that createConsumer, createPublisher and createRPCClient declare;
 * createConsumer and basicConsume consumers, qos and basicQos prefetch; publisher.send and
 * basicPublish with their confirm mode and headers; exchangeDeclare (and the exchanges those helpers
 * declare) and queueDelete. Every flag defaults to false, confirms default to off.
 */
export const rabbitmqClient: ClientModule = {
  name: LIBRARY,
  shapes: [RABBITMQ_CLIENT_SHAPE],
  mentions: /rabbitmq-client/,
  analyze(ctx: FileContext, model: FileModel) {
    const objects = rabbitmqClientObjects(ctx);
    const confirms = new ConfirmSelects();
    const calls: { call: CallNode; method: string; target: RabbitmqClientKind; note: Recognition }[] = [];
    for (const node of ctx.file.nodes) {
      // rabbitmq-client reads frameMax from its options only (its URL parser ignores a frameMax parameter).
      if (node.type === 'NewExpression' && objects.kindOf(node)?.kind === 'connection') {
        model.opens.push(openSubject(ctx, node, LIBRARY, 'connection', PUBLISH_METHODS, frameMaxOf(ctx, node.arguments[0] as Node | undefined, false)));
      }
      if (!isCall(node)) continue;
      const m = calleeMethod(node);
      // Only the library's own methods: tracing the receiver of every call of a file is not worth it.
      const found = m && METHODS.has(m.method) && objects.kindAt(node);
      if (!m || !found) continue;
      const target = found.kind;
      if (target.kind === 'channel' && m.method === 'confirmSelect') confirms.add(target, node);
      calls.push({ call: node, method: m.method, target, note: found.note });
    }
    for (const { call, method, target, note } of calls) {
      withRecognition(model, note, () => {
        if (target.kind === 'connection') onConnection(ctx, model, call, method);
        else if (target.kind === 'channel') onChannel(ctx, model, call, method, target, confirms);
        else if (target.kind === 'publisher' && method === 'send') {
          model.publishes.push({ ...publishSubject(ctx, call, LIBRARY, target.key, publisherConfirms(ctx, target), 'publisher-send', rabbitmqClientPublishFacts(ctx, call)), headers: envelopeHeaders(ctx, call) });
        }
      });
    }
  },
  render: renderRabbitmqClient,
  advice: rabbitmqClientAdvice,
};

function onConnection(ctx: FileContext, model: FileModel, call: CallNode, method: string): void {
  if (addTopologyCall(ctx, model, call, method)) return;
  const props = () => optionsOf(ctx, callArgs(call)[0], 'props');
  switch (method) {
    case 'queueBind':
      pushBinding(ctx, model, call);
      break;
    case 'queueDeclare':
      model.declarations.push(queueDeclareCall(ctx, call));
      break;
    case 'acquire':
      model.opens.push(openSubject(ctx, call, LIBRARY, 'channel', PUBLISH_METHODS));
      break;
    case 'createConsumer': {
      model.declarations.push(consumerQueueDeclaration(ctx, call));
      model.exchanges.push(...propsExchangeDeclarations(ctx, call, props()));
      const { consumer, qos } = createConsumerCall(ctx, call, props());
      model.consumers.push(consumer);
      if (qos) model.qos.push(qos);
      break;
    }
    case 'createPublisher':
    case 'createRPCClient':
      model.declarations.push(...propsQueueDeclarations(ctx, call, props()));
      model.exchanges.push(...propsExchangeDeclarations(ctx, call, props()));
      model.opens.push(openSubject(ctx, call, LIBRARY, 'channel', PUBLISH_METHODS));
      break;
  }
}

function onChannel(ctx: FileContext, model: FileModel, call: CallNode, method: string, channel: Extract<RabbitmqClientKind, { kind: 'channel' }>, confirms: ConfirmSelects): void {
  if (addTopologyCall(ctx, model, call, method)) return;
  switch (method) {
    case 'queueDeclare':
      model.declarations.push(queueDeclareCall(ctx, call));
      break;
    case 'basicConsume':
      model.consumers.push(basicConsumeCall(ctx, call, channel.key));
      break;
    case 'queueBind':
      pushBinding(ctx, model, call);
      break;
    case 'basicQos':
      model.qos.push(basicQosCall(ctx, call, channel.key));
      break;
    case 'basicPublish':
      model.publishes.push({ ...publishSubject(ctx, call, LIBRARY, channel.key, confirms.confirmsAt(ctx, channel, call), 'basic-publish', rabbitmqClientPublishFacts(ctx, call)), headers: envelopeHeaders(ctx, call) });
      break;
  }
}

function pushBinding(ctx: FileContext, model: FileModel, call: CallNode): void {
  const binding = queueBindCall(ctx, call);
  if (binding) model.bindings.push(binding);
}

/** createPublisher({ confirm }) turns confirms on only if confirm is truthy (src/Connection.ts). */
function publisherConfirms(ctx: FileContext, publisher: Extract<RabbitmqClientKind, { kind: 'publisher' }>): Resolved<boolean> {
  if (publisher.handedIn) return { kind: 'unknown', reason: 'the publisher is handed in: it may or may not confirm' };
  if (!publisher.props) return defaulted(false, LIBRARY);
  return booleanOption(optionsOf(ctx, publisher.props as Node, 'publisher props'), 'confirm', false, LIBRARY);
}
