// amqplib (promise and callback API): the ClientModule for its connections, channels and channel calls.
import { calleeMethod, isCall } from '../../parse/ast';
import type { FileModel } from '../../model';
import type { ClientModule } from '../types';
import type { FileContext } from '../../resolve/file-context';
import { amqplibBinding, amqplibChannels, amqplibConsumer, amqplibDeclaration, amqplibOpen, amqplibPublish, amqplibQos } from '../amqplib-family/calls';
import { renderAmqplibSubject } from '../amqplib-family/render';
import { amqplibExchange, amqplibQueueDeletion } from '../amqplib-family/topology';
import { AMQPLIB_SHAPE } from '../amqplib-family/shapes';
import { recognised } from '../model-builders/receivers';
import { addIgnoredOptions } from '../amqplib-family/option-keys';

const CHANNEL_CALLS = new Set(['assertQueue', 'consume', 'prefetch', 'qos', 'publish', 'sendToQueue', 'bindQueue', 'assertExchange', 'deleteQueue']);

/**
 * amqplib (promise API and amqplib/callback_api): assertQueue, consume, prefetch/qos, publish,
 * assertExchange and deleteQueue on channels, and the connections and channels the code opens. Channels inside amqp-connection-manager
 * setup functions are amqplib channels too; they are reported with the client that created them.
 */
export const amqplib: ClientModule = {
  name: 'amqplib',
  shapes: [AMQPLIB_SHAPE],
  mentions: /amqplib|amqp-connection-manager|assertQueue/,
  analyze(ctx: FileContext, model: FileModel) {
    const channels = amqplibChannels(ctx);
    for (const node of ctx.file.nodes) {
      if (!isCall(node)) continue;
      const opened = channels.opens(node);
      if (opened?.library === 'amqplib') model.opens.push(amqplibOpen(ctx, node, 'amqplib', opened.what));
      const m = calleeMethod(node);
      if (!m || !CHANNEL_CALLS.has(m.method)) continue;
      // The recognition ladder: a channel the tracker follows, else one inferred from the call's shape.
      const channel = channels.channelAt(node);
      if (!channel) continue;
      const { note } = channel;
      const untraced = note?.untraced;
      // An amqplib channel (an ACM wrapper's calls are the ACM client's): its own options, never the wrapper's.
      addIgnoredOptions(ctx, model, node, m.method, channel.client, `${ctx.file.source(node.callee).replace(/\s+/g, '')}()`, false);
      switch (m.method) {
        case 'assertQueue':
          model.declarations.push(recognised(amqplibDeclaration(ctx, node, channel.client, 'amqplib', channel.vhost), note));
          break;
        case 'consume':
          model.consumers.push(keepingEvidence(recognised(amqplibConsumer(ctx, node, channel.client, channel.key, false, channel.prefetch), note), channel.ownChannel ? { ownChannel: true as const } : {}));
          break;
        case 'publish':
        case 'sendToQueue':
          model.publishes.push(recognised(amqplibPublish(ctx, node, channel.client, channel.key, channel.confirm, 'buffer-state', 'false-then-drain', channel.madeAt, untraced), note));
          break;
        case 'bindQueue':
          model.bindings.push(recognised(amqplibBinding(ctx, node, channel.client), note));
          break;
        case 'assertExchange':
          model.exchanges.push(recognised(amqplibExchange(ctx, node, channel.client), note));
          break;
        case 'deleteQueue':
          model.queueDeletions.push(recognised(amqplibQueueDeletion(ctx, node, channel.client), note));
          break;
        default:
          model.qos.push(recognised(amqplibQos(ctx, node, channel.client, channel.key), note));
      }
    }
  },
  render(subject, intents, ctx) {
    return renderAmqplibSubject(subject, intents, ctx, 'channel');
  },
};

/** A subject with what was found of its receiver (`ownChannel`), kept when it is read again at a helper's call. */
function keepingEvidence<S extends { rebuild?: (ctx: object) => S }>(subject: S, evidence: Partial<S>): S {
  const rebuild = subject.rebuild;
  return { ...subject, ...evidence, ...(rebuild ? { rebuild: (other: object) => ({ ...rebuild(other), ...evidence }) } : {}) };
}
