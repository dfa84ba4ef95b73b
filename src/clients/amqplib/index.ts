// amqplib (promise and callback API): the ClientModule for its connections, channels and channel calls.
import { calleeMethod, isCall } from '../../parse/ast';
import type { Consumer, FileModel } from '../../model';
import type { ClientModule } from '../types';
import type { FileContext } from '../../resolve/file-context';
import type { Located } from '../../resolve/contracts';
import { amqplibBinding, amqplibChannels, amqplibConsumer, amqplibDeclaration, amqplibOpen, amqplibPublish, amqplibQos } from '../amqplib-family/calls';
import { renderAmqplibSubject } from '../amqplib-family/render';
import { amqplibExchange, amqplibQueueDeletion } from '../amqplib-family/topology';
import { ACM, AMQPLIB_SHAPE } from '../amqplib-family/shapes';
import { untracedChannel } from '../amqplib-family/evidence';
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
      let channel: { client: string; key: string; confirm: boolean | 'unknown'; untraced?: string; ownChannel?: true; prefetch?: Consumer['channelPrefetch']; vhost?: string; madeAt?: Located } | undefined = channels.channelOf(m.object);
      if (!channel && m.method === 'assertQueue' && !channels.isTracked(m.object) && (channels.importsLibrary || channels.isUntracedParameter(m.object))) {
        // A receiver we cannot trace in a file that uses amqplib, or a helper's parameter: its assertQueue is amqplib's.
        channel = { client: 'amqplib', confirm: 'unknown', key: `expr:${ctx.file.source(m.object)}` };
      }
      channel ??= untracedChannel(ctx, node);
      if (!channel) continue;
      const untraced = channel.untraced;
      addIgnoredOptions(ctx, model, node, m.method, channel.client, `${ctx.file.source(node.callee).replace(/\s+/g, '')}()`, channel.client === ACM && !!untraced);
      switch (m.method) {
        case 'assertQueue':
          model.declarations.push({ ...amqplibDeclaration(ctx, node, channel.client, 'amqplib', channel.vhost), ...(untraced ? { untraced } : {}) });
          break;
        case 'consume':
          model.consumers.push(keepingEvidence(amqplibConsumer(ctx, node, channel.client, channel.key, channel.client === ACM && !!untraced, channel.prefetch), { ...(untraced ? { untraced } : {}), ...(channel.ownChannel ? { ownChannel: true as const } : {}) }));
          break;
        case 'publish':
        case 'sendToQueue': {
          const returns = channel.client === ACM && untraced ? 'confirm' : 'buffer-state';
          model.publishes.push({ ...amqplibPublish(ctx, node, channel.client, channel.key, channel.confirm, returns, returns === 'buffer-state' ? 'false-then-drain' : 'promise', channel.madeAt, untraced), ...(untraced ? { untraced } : {}) });
          break;
        }
        case 'bindQueue':
          model.bindings.push(amqplibBinding(ctx, node, channel.client));
          break;
        case 'assertExchange':
          model.exchanges.push(amqplibExchange(ctx, node, channel.client));
          break;
        case 'deleteQueue':
          model.queueDeletions.push(amqplibQueueDeletion(ctx, node, channel.client));
          break;
        default:
          model.qos.push(keepingEvidence(amqplibQos(ctx, node, channel.client, channel.key), untraced ? { untraced } : {}));
      }
    }
  },
  render(subject, intents, ctx) {
    return renderAmqplibSubject(subject, intents, ctx, 'channel');
  },
};

/** A subject with what was found of its receiver (`untraced`, `ownChannel`), kept when it is read again at a helper's call. */
function keepingEvidence<S extends { rebuild?: (ctx: object) => S }>(subject: S, evidence: Partial<S>): S {
  const rebuild = subject.rebuild;
  return { ...subject, ...evidence, ...(rebuild ? { rebuild: (other: object) => ({ ...rebuild(other), ...evidence }) } : {}) };
}
